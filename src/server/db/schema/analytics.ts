/** Product views, page views and the visitor-key salts: the analytics module's tables (recently viewed, visits). */
import { bigint, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { products } from './catalog.js';

/** Product views, for recently viewed and visits analytics (/api/visto). */
export const productViews = pgTable(
  'product_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_views_store_time_idx').on(t.storeId, t.viewedAt)],
);

/**
 * One storefront page view (decision 161). `visitorKey`: HMAC-SHA256 of the day's salt with the client's IP, user
 * agent and the store, hex; null when the browser asked not to be tracked (DNT / Sec-GPC; decision 162).
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_store_time_idx').on(t.storeId, t.viewedAt)],
);

/**
 * The random salt of each calendar day that visitor keys are made with (decision 162): platform-wide (the store is
 * in the hashed text), deleted by the hourly job once its day is over in every time zone.
 */
export const visitSalts = pgTable('visit_salts', {
  day: date('day').primaryKey(),
  /** 32 random bytes, hex. */
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
