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
