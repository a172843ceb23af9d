/**
 * Reviews: a buyer's rating and comment of a product. The product's average and count live on products (catalog),
 * refreshed from the visible reviews.
 */
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** visible | hidden | pending (a new comment is processed with delay). */
    status: text('status').notNull().default('visible'),
    pendingReports: integer('pending_reports').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reviews_store_product_idx').on(t.storeId, t.productId)],
);
