/**
 * The seller's subscription to Vitrina (plan, payment method, card expiry, next
 * payment; active or none, and can be reactivated; monthly or yearly; decisions 060-062). Owned by the
 * subscriptions module. Money is integer centavos MXN. No card number is stored: only the provider's token of the
 * card and its brand, last 4 digits and expiry.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from './columns.js';
import { stores } from './stores.js';

/** The plans on sale (platform-wide, not tenant rows): monthly, yearly, premium (decision 060). */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    /** monthly | yearly | premium */
    id: text('id').primaryKey(),
    priceCents: money('price_cents').notNull(),
    /** The length of one paid period: month | year. */
    interval: text('interval').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /**
     * Vitrina's fee on the sales of a store on this plan, basis points (350 = 3.5 %) of the products after the coupon
     * (decision 096). The one place the rate lives: checkout copies it onto each order when it is placed.
     */
    platformFeeBps: integer('platform_fee_bps').notNull().default(350),
  },
  (t) => [
    check('subscription_plans_price_positive', sql`${t.priceCents} > 0`),
    check('subscription_plans_fee_bps_range', sql`${t.platformFeeBps} between 0 and 10000`),
  ],
);

/** One store's subscription (one row per store). */
export const storeSubscriptions = pgTable(
  'store_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    /** active | past_due | suspended | cancelled */
    status: text('status').notNull(),
    /** The free first period (decision 061): nothing was charged for the current period. */
    trial: boolean('trial').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** When the renewal job charges next: the period end, or the next retry while past due; null when cancelled. */
    nextPaymentAt: timestamp('next_payment_at', { withTimezone: true }),
    /** When the first renewal attempt of the unpaid period failed (the grace period counts from the period end). */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The payment provider's token of the card (never the number) and what the seller sees of it. */
    paymentToken: text('payment_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_subscriptions_store_uq').on(t.storeId),
    index('store_subscriptions_due_idx').on(t.status, t.nextPaymentAt),
  ],
);

/**
 * A charge of one period of a store's subscription. `idempotency_key` is unique per store (`period:<start ISO>`): the
 * renewal job, a retry, a second instance or the seller's "pay now" charge one period once.
 */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    amountCents: money('amount_cents').notNull(),
    /** pending | processing | paid | failed */
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's charge of the last attempt. */
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    attempts: integer('attempts').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_invoices_store_key_uq').on(t.storeId, t.idempotencyKey),
    index('subscription_invoices_store_created_idx').on(t.storeId, t.createdAt),
    check('subscription_invoices_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
