/**
 * Payment attempts and applied provider events: the payments module's tables (decision 027). Amounts are integer
 * centavos MXN in bigint columns.
 */
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { orders } from './orders.js';
import { money } from './columns.js';

/**
 * One payment attempt of an order with a provider (or `manual`: cash the seller received by hand). The row is written
 * in the order's transaction before the provider is called (status `processing`, no provider_ref yet), so a crash
 * between "provider charged" and "order marked paid" is found and reconciled (decision 027). The provider's
 * idempotency key is derived from the row id (payments.service.ts `attemptKey`).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** sandbox | manual (later stripe, paypal) */
    provider: text('provider').notNull(),
    /** card | oxxo */
    method: text('method').notNull(),
    /** processing | requires_action | pending | succeeded | failed | expired | canceled | refunded */
    status: text('status').notNull(),
    amountCents: money('amount_cents').notNull(),
    /** The provider's id of the payment; null until the provider answered the first call. */
    providerRef: text('provider_ref'),
    /** OXXO voucher reference (digits shown and encoded in the barcode). */
    reference: text('reference'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    /** 3-D Secure challenge of the sandbox provider. */
    action: jsonb('action').$type<{ type: 'three_d_secure'; challengeId: string } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_status_idx').on(t.status),
  ],
);

/**
 * Provider events (webhooks) already applied: the unique (provider, event_id) makes a replayed webhook change state
 * once. `store_id` is the store of the payment the event was about, when known.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);
