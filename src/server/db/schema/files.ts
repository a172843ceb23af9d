/**
 * Uploaded files of a store: product and colour photos, logos, banners, company documents, signatures.
 * Owned by the files module. An image is stored as WebP sizes under `url` + "-<width>.webp"; a PDF as one file at `url`.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** What the file is for (FilePurpose in src/shared/contracts/files.ts); decides the rules it was checked with. */
    purpose: text('purpose').notNull(),
    /** image | pdf */
    kind: text('kind').notNull(),
    /** Public URL: the WebP base of an image (sizes appended), or the PDF itself. */
    url: text('url').notNull(),
    /** Bytes of the file as uploaded. */
    bytes: integer('bytes').notNull(),
    /** Pixels of the uploaded image (null for a PDF). */
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_store_idx').on(t.storeId, t.createdAt)],
);

/**
 * Uploads a background task stored before the write that will use them (decision 087): the catalogue import's
 * downloaded photos. A row is written before the file reaches storage and removed in the transaction that makes the
 * file part of the catalogue; a row left over means the task did not commit, and the files module deletes the file
 * (its row in `files` and every stored size). `discarded_at` marks a file whose `files` row is already gone and whose
 * stored sizes are being removed.
 */
export const stagedFiles = pgTable(
  'staged_files',
  {
    /** The upload's id (its `files` row may not exist yet, or any more). */
    fileId: uuid('file_id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The task that stored it, e.g. "catalog-import:<job id>". */
    owner: text('owner').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
  },
  (t) => [index('staged_files_owner_idx').on(t.storeId, t.owner), index('staged_files_created_idx').on(t.createdAt)],
);
