/**
 * Tables owned by the built-in sandbox payment provider (src/server/providers/payments/sandbox/), not by the app: the
 * provider's own record of charges, 3-D Secure challenges and OXXO vouchers, refunds, and the webhooks it sends. Kept
 * in the database so the sandbox behaves like an external provider: its state survives a restart and is shared by
 * every app instance (decision 027). No card number is stored, only brand and last 4 digits. Amounts in centavos.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** The provider reference the app stores (`sbx_pi_…`). */
    id: text('id').primaryKey(),
    /** The app's idempotency key: a repeated create returns this payment. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** card | oxxo */
    method: text('method').notNull(),
    /** requires_confirmation | requires_action | pending | succeeded | failed | canceled | expired */
    status: text('status').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    description: text('description'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    /** Random, unguessable id of the 3-D Secure challenge the shopper answers at the sandbox bank. */
    challengeId: text('challenge_id').unique(),
    /** OXXO voucher reference (14 digits) and its expiry: past it the voucher cannot be paid. */
    reference: text('reference').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_payments_status_idx').on(t.status)],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
  /** A repeated refund request with the same key refunds once. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhooks the sandbox sends to the app; undelivered ones are sent again (as a real provider retries). */
export const sandboxWebhookEvents = pgTable(
  'sandbox_webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    paymentId: text('payment_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_webhook_events_undelivered_idx').on(t.deliveredAt, t.createdAt)],
);

/**
 * Cards the sandbox keeps for recurring charges (a subscription), as a provider's saved payment method: the token the
 * app stores, brand, last 4, expiry and what the sandbox bank answers when it is charged (from the test card number,
 * which itself is not kept).
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  /** `sbx_pm_…` */
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** succeeded | card_declined | insufficient_funds */
  outcome: text('outcome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Off-session charges of a saved card; a repeated charge with the same idempotency key returns the first. */
export const sandboxRecurringCharges = pgTable('sandbox_recurring_charges', {
  /** `sbx_ch_…` */
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentMethodId: text('payment_method_id').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  /** succeeded | failed */
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
