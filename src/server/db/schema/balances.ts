/**
 * The balances module's tables (decisions 046-048): a double-entry
 * ledger (entries and their lines, integer centavos in bigint columns), the seller's payouts and bank account.
 * Balances are sums of ledger lines, never stored numbers. Every row has store_id.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { money } from './columns.js';

/**
 * One posting: a business event that moved money (an order paid, cancelled, refunded, released; a payout). `key` is
 * unique per store (`order:<id>:paid`, `refund:<id>`, `payout:<id>` …): the same event posted twice (a replayed
 * webhook, a race, a retried job) inserts nothing the second time.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** order_paid | order_cancelled | refund | release | payout | payout_failed */
    kind: text('kind').notNull(),
    /** The order the entry is about (no foreign key: the ledger outlives nothing it records but the store). */
    orderId: uuid('order_id'),
    payoutId: uuid('payout_id'),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_store_key_uq').on(t.storeId, t.key),
    index('ledger_entries_store_created_idx').on(t.storeId, t.createdAt),
    index('ledger_entries_order_idx').on(t.storeId, t.orderId),
  ],
);

/**
 * One line of an entry: `amount_cents` debits (positive) or credits (negative) one account. The lines of an entry sum
 * to zero (checked by the service before insert). Accounts: buyer_payment, store_pending, store_available,
 * supplier_pending, supplier_available, platform_fee, refunds, payouts. A line's store is the party whose account it
 * is: a marketplace order's entry (in the reseller's store) carries lines of its suppliers' stores (decision 136).
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    orderId: uuid('order_id'),
    /** The package of the order this share is for (marketplace orders: released and refunded per package). */
    fulfilmentId: uuid('fulfilment_id'),
    amountCents: money('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_lines_store_account_idx').on(t.storeId, t.account),
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_order_idx').on(t.storeId, t.orderId),
    index('ledger_lines_fulfilment_idx').on(t.fulfilmentId),
    check('ledger_lines_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/** A payout of available money to the store's bank account. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    amountCents: money('amount_cents').notNull(),
    /** paid (the sandbox pays at once) */
    status: text('status').notNull(),
    bankCode: text('bank_code').notNull(),
    clabeLast4: text('clabe_last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_store_created_idx').on(t.storeId, t.createdAt),
    check('payouts_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The store's bank account for payouts: one per store. Only the card's last four digits are kept. Replacing the CLABE
 * holds payouts until `payouts_held_until` (24 hours; decision 091), so a stolen session cannot redirect and drain the
 * balance before the owners, all emailed, can react; the first account of a store is not held.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    bankCode: text('bank_code').notNull(),
    clabe: text('clabe').notNull(),
    cardLast4: text('card_last4'),
    /** No payout before this time (database clock); null: never held. */
    payoutsHeldUntil: timestamp('payouts_held_until', { withTimezone: true }),
    /** The owner who last saved the account (no foreign key: the record outlives the account). */
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_accounts_store_uq').on(t.storeId)],
);

/**
 * A refund of part or all of an order's card payment: `pending` while the
 * provider is asked, `succeeded`, or `failed` (the provider refused: the seller may retry; each attempt has its own
 * idempotency key `refund_<id>_<attempt>`). The amount is owed to the buyer (ledger `refunds`) from the request on.
 * A refund of units of one order line (decision 147) names the line, the units and whose shares it reversed (`all`,
 * or `store`: the order's store paid it from its own share); an amount refund has none of them.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    amountCents: money('amount_cents').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    /** The order line whose units were refunded (no foreign key: the refund outlives nothing it records). */
    orderItemId: uuid('order_item_id'),
    quantity: integer('quantity'),
    /** all | store */
    lineShares: text('line_shares'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_store_order_idx').on(t.storeId, t.orderId),
    check('refunds_positive', sql`${t.amountCents} > 0`),
    check(
      'refunds_line',
      sql`(${t.orderItemId} is null and ${t.quantity} is null and ${t.lineShares} is null) or (${t.orderItemId} is not null and ${t.quantity} > 0 and ${t.lineShares} in ('all', 'store'))`,
    ),
  ],
);
