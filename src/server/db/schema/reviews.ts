/**
 * Reviews: a buyer's rating and comment of a product, and shoppers' reports of a review or a product. The product's
 * average and count live on products (catalog), recomputed from the visible reviews.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { users } from './accounts.js';
import { products } from './catalog.js';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    /** visible | hidden | pending (a new comment is processed with delay; decision 157). */
    status: text('status').notNull().default('visible'),
    /** Kept for old rows; the pending reports are counted from review_reports. */
    pendingReports: integer('pending_reports').notNull().default(0),
    /** When the publishing job may check and publish a pending review. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** What the automatic checks found (link, contact, profanity): a flagged review is held hidden for the seller. */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    /** Photos through the files module (purpose review_photo): id and URL base. */
    photos: jsonb('photos').$type<{ id: string; url: string }[]>().notNull().default([]),
    /** The store's public answer, given once. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_store_product_idx').on(t.storeId, t.productId),
    uniqueIndex('reviews_store_product_user_uq').on(t.storeId, t.productId, t.userId),
    index('reviews_pending_idx')
      .on(t.publishAt)
      .where(sql`status = 'pending'`),
  ],
);

export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null: the report is about the product itself. */
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** pending | resolved (the seller hid or showed the review, or dismissed the product report). */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('review_reports_store_status_idx').on(t.storeId, t.status),
    index('review_reports_review_idx').on(t.reviewId),
  ],
);
