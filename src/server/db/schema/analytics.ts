/** Product views: the analytics module's table (recently viewed, visits). */
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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
