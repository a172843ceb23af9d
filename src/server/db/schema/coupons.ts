/**
 * Coupons of a store and the orders that used them (an order keeps the coupon's name and
 * discount). Owned by the coupons module. Money is integer centavos.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from './columns.js';
import { stores } from './stores.js';

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** What the buyer types, stored upper-case; unique per store. */
    code: text('code').notNull(),
    /** percent | fixed */
    kind: text('kind').notNull(),
    /** percent: 1-100 (% off the products); fixed: centavos off the products. Never applies to shipping. */
    value: integer('value').notNull(),
    /** Smallest products subtotal (centavos) the coupon applies to; 0 for none. */
    minPurchaseCents: money('min_purchase_cents').notNull().default(0),
    /** First and last day it can be used (inclusive), in the store's time zone; null for no bound. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** How many orders may use it; null for no limit. */
    maxUses: integer('max_uses'),
    /** Orders holding a use now (a cancelled or expired order gives its use back). */
    usesCount: integer('uses_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_store_code_uq').on(t.storeId, t.code),
    check('coupons_uses_within_max', sql`${t.maxUses} IS NULL OR ${t.usesCount} <= ${t.maxUses}`),
    check('coupons_uses_not_negative', sql`${t.usesCount} >= 0`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** The order that used the coupon (no foreign key: the orders module owns orders; one redemption per order). */
    orderId: uuid('order_id').notNull(),
    discountCents: money('discount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the order was cancelled or expired and the use was given back. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_uq').on(t.orderId),
    index('coupon_redemptions_coupon_idx').on(t.storeId, t.couponId),
  ],
);
