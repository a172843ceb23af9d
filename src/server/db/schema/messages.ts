/**
 * Buyer-seller messages (owned by the messages module; the pages `/messages` and `/admin/mensajes`). A conversation is
 * between one store and one of its customers about a subject; its messages carry their delivery times. Every row
 * carries `store_id` and every query is scoped by it.
 *
 * `seq` (decision 153) is taken from `message_seq` on insert and again on every change of a message's state, under
 * one transaction-level advisory lock, so the order of `seq` is the order of commits: a stream that has sent
 * everything up to `seq` n never later finds a smaller one, and `Last-Event-ID` resumes without loss or duplicates.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { users } from './accounts.js';
import { files } from './files.js';

export const messageSeq = pgSequence('message_seq');

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's name and email when they first wrote (the notice's address; customers belong to the store). */
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    /** The storefront's origin the buyer wrote from (the notice's link to /messages). */
    storefrontOrigin: text('storefront_origin').notNull().default(''),
    /** product | order | quote | store */
    subjectKind: text('subject_kind').notNull(),
    /** The product's id, the order's or the quote's id; '' for the store in general. */
    subjectId: text('subject_id').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last email notice sent to each side (at most one per conversation and hour). */
    buyerNoticedAt: timestamp('buyer_noticed_at', { withTimezone: true }),
    storeNoticedAt: timestamp('store_noticed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_subject_uq').on(t.storeId, t.buyerId, t.subjectKind, t.subjectId),
    index('conversations_store_last_idx').on(t.storeId, t.lastMessageAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** buyer | store */
    sender: text('sender').notNull(),
    /** The buyer, or the store's owner or collaborator who answered. */
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    attachmentKind: text('attachment_kind'),
    attachmentName: text('attachment_name'),
    attachmentBytes: integer('attachment_bytes'),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('message_seq')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_seq_uq').on(t.seq),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_store_seq_idx').on(t.storeId, t.seq),
    index('messages_sender_time_idx').on(t.senderUserId, t.createdAt),
  ],
);

/** Who blocked whom: `by` buyer (the buyer blocked the store) or store (the store blocked the buyer). */
export const messageBlocks = pgTable(
  'message_blocks',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    by: text('by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.buyerId, t.by] })],
);
