/**
 * The double-entry ledger (decision 046). Every money movement of a store is one
 * entry whose lines sum to zero; a line debits (amount > 0) or credits (amount < 0) one account. Entries are written in
 * the transaction of the business change they record, and each has a key unique per store (`order:<id>:paid` …), so
 * the same event posted twice — a replayed webhook, two racing requests, a retried job — posts once. Balances are sums
 * of lines, never stored. Amounts are integer centavos.
 *
 * Accounts and their sign (what a seller sees is the negated sum of a credit-side account):
 *   buyer_payment    debit: money the platform holds from buyers (clearing)
 *   store_pending    credit: owed to the store, not yet released (delivery + BALANCE_RELEASE_DAYS)
 *   store_available  credit: owed to the store, ready to pay out
 *   platform_fee     credit: the platform's fee of each paid order (the order's rate of its products after the
 *                    coupon; decision 096), debited back as refunds return it (decision 095)
 *   refunds          credit: owed back to buyers; debit when the provider refunded it
 *   payouts          credit: paid out to the store's bank account
 *   supplier_pending    credit: owed to a store as a supplier of a reseller's order, not yet released (decision 136)
 *   supplier_available  credit: owed to a store as a supplier, ready to pay out
 *   subscription_payment  debit: what the platform charged the seller's card for its plan (decision 062)
 *   subscription_revenue  credit: the platform's revenue from plans
 *   provider_fee     credit: what the payment provider kept of a buyer's payment (decision 147): buyer_payment +
 *                    provider_fee is the money the platform really received; providers keep it on a refund
 *   collection_cost  debit: the same amount as Vitrina's cost of collecting the payment, paid out of its fee (never a
 *                    store's money: no seller's balance reads it)
 */
import { and, eq, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerLines } from '../../db/schema/balances.js';
import type { DbContext, StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { platformFeeCents } from '../../../shared/money.js';

export const LEDGER_ACCOUNTS = [
  'buyer_payment',
  'store_pending',
  'store_available',
  'platform_fee',
  'refunds',
  'payouts',
  'supplier_pending',
  'supplier_available',
  'subscription_payment',
  'subscription_revenue',
  'provider_fee',
  'collection_cost',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export interface LedgerLineInput {
  account: LedgerAccount;
  amountCents: number;
  orderId?: string | null;
  /** The party whose account this is, when not the entry's store (a supplier's share; decision 136). */
  storeId?: string;
  /** The package of the order the share is for (decision 136). */
  fulfilmentId?: string | null;
}

export interface LedgerEntryInput {
  key: string;
  kind:
    | 'order_paid'
    | 'collected'
    | 'payment_owed'
    | 'order_cancelled'
    | 'package_reversed'
    | 'refund'
    | 'release'
    | 'payout'
    | 'subscription';
  orderId?: string | null;
  payoutId?: string | null;
  memo?: string | null;
  lines: LedgerLineInput[];
  /**
   * Record the event even when every line is zero (an order paid with a zero total: the event happened, no money
   * moved). Such an entry has no lines.
   */
  keepWhenZero?: boolean;
}

/** Thrown for an entry whose lines do not sum to zero or are not whole centavos: a programming error, never input. */
export class UnbalancedEntryError extends Error {}

/** Lines with zero amounts dropped and same-account lines merged; throws UnbalancedEntryError unless they balance. */
export function normaliseLines(lines: LedgerLineInput[]): LedgerLineInput[] {
  const merged = new Map<string, LedgerLineInput>();
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amountCents)) throw new UnbalancedEntryError(`not whole centavos: ${l.amountCents}`);
    const k = `${l.account}|${l.orderId ?? ''}|${l.storeId ?? ''}|${l.fulfilmentId ?? ''}`;
    const prev = merged.get(k);
    merged.set(k, { ...l, amountCents: (prev?.amountCents ?? 0) + l.amountCents });
  }
  const out = [...merged.values()].filter((l) => l.amountCents !== 0);
  const sum = out.reduce((s, l) => s + l.amountCents, 0);
  if (sum !== 0) throw new UnbalancedEntryError(`entry does not balance: ${sum}`);
  return out;
}

/**
 * Posts an entry inside the caller's transaction. Returns false (and writes nothing) when the store already has an
 * entry with this key, or when every line is zero (unless `keepWhenZero`). Throws UnbalancedEntryError when the lines
 * do not sum to zero.
 */
export async function postEntry(ctx: StoreTxContext, e: LedgerEntryInput): Promise<boolean> {
  const { db: tx, storeId } = ctx;
  const lines = normaliseLines(e.lines);
  if (!lines.length && !e.keepWhenZero) return false;
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      storeId,
      key: e.key,
      kind: e.kind,
      orderId: e.orderId ?? null,
      payoutId: e.payoutId ?? null,
      memo: e.memo ?? null,
    })
    .onConflictDoNothing({ target: [ledgerEntries.storeId, ledgerEntries.key] })
    .returning({ id: ledgerEntries.id });
  if (!entry) return false;
  if (!lines.length) return true;
  await tx.insert(ledgerLines).values(
    lines.map((l) => ({
      storeId: l.storeId ?? storeId,
      entryId: entry.id,
      account: l.account,
      orderId: l.orderId ?? e.orderId ?? null,
      fulfilmentId: l.fulfilmentId ?? null,
      amountCents: l.amountCents,
    })),
  );
  return true;
}

/** Sum of lines per account of the store (or of one order of it): debit positive, credit negative. */
export async function accountSums(ctx: StoreDbContext, orderId?: string): Promise<Record<LedgerAccount, number>> {
  const { db, storeId } = ctx;
  const rows = await db
    .select({ account: ledgerLines.account, sum: sql<string>`coalesce(sum(${ledgerLines.amountCents}), 0)` })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.storeId, storeId), orderId ? eq(ledgerLines.orderId, orderId) : undefined))
    .groupBy(ledgerLines.account);
  const out = Object.fromEntries(LEDGER_ACCOUNTS.map((a) => [a, 0])) as Record<LedgerAccount, number>;
  for (const r of rows) out[r.account as LedgerAccount] = Number(r.sum);
  return out;
}

/** What an order's payment needs to post: its total, and the base and rate of Vitrina's fee (decision 096). */
export interface OrderSale {
  orderId: string;
  /** What the buyer paid: the order's total, centavos. */
  amountCents: number;
  /** The products after the coupon's discount, centavos: the fee's base (never shipping nor the OXXO fee). */
  feeBaseCents: number;
  /** The order's fee rate, basis points. */
  feeBps: number;
  /** What the payment provider kept of the payment (providerFeeCents; 0 for cash by hand), centavos. */
  providerFeeCents?: number;
}

/**
 * The payment provider's fee of a payment as lines of its entry (decision 147): the provider kept it out of the
 * buyer's money (provider_fee) and Vitrina pays it out of its fee (collection_cost), so no seller's share changes.
 * None for a fee of zero.
 */
export function providerFeeLines(cents: number): LedgerLineInput[] {
  return [
    { account: 'collection_cost', amountCents: cents },
    { account: 'provider_fee', amountCents: -cents },
  ];
}

/** The memo part that records the provider's fee of a paid entry (`provider_fee=466`), empty when there is none. */
export const providerFeeMemo = (cents: number | undefined) => (cents ? ` provider_fee=${cents}` : '');

/**
 * An order paid, however it was paid (one entry per order: key `order:<id>:paid`): the buyer's money in, the store's
 * share pending, the platform's fee recorded, and what the payment provider kept of it, Vitrina's cost (decision
 * 147). The memo keeps the fee's rate and base. A zero total is recorded too (an entry without lines). The caller is
 * `markOrderPaid` in the orders module, the one way an order becomes paid.
 */
export async function postOrderPaid(ctx: StoreTxContext, sale: OrderSale): Promise<boolean> {
  const fee = Math.min(sale.amountCents, platformFeeCents(sale.feeBaseCents, sale.feeBps));
  return postEntry(ctx, {
    key: `order:${sale.orderId}:paid`,
    kind: 'order_paid',
    orderId: sale.orderId,
    memo: `fee_bps=${sale.feeBps} fee_base=${sale.feeBaseCents}${providerFeeMemo(sale.providerFeeCents)}`,
    keepWhenZero: true,
    lines: [
      { account: 'buyer_payment', amountCents: sale.amountCents },
      { account: 'store_pending', amountCents: -(sale.amountCents - fee) },
      { account: 'platform_fee', amountCents: -fee },
      ...providerFeeLines(sale.providerFeeCents ?? 0),
    ],
  });
}

/**
 * The seller took an order's money by hand (cash at the shop; key `order:<id>:collected`), posted with its
 * `order:<id>:paid`: the platform holds none of it, and the store already has its share, so the share leaves the
 * store's pending balance. What is left there is the fee the store owes, released with the order and netted from
 * the next payout like any other balance.
 */
export async function postOrderCollected(
  ctx: StoreTxContext,
  input: { orderId: string; amountCents: number },
): Promise<boolean> {
  return postEntry(ctx, {
    key: `order:${input.orderId}:collected`,
    kind: 'collected',
    orderId: input.orderId,
    lines: [
      { account: 'buyer_payment', amountCents: -input.amountCents },
      { account: 'store_pending', amountCents: input.amountCents },
    ],
  });
}

/**
 * Money that arrived for an order that is no longer waiting for it (cancelled meanwhile, or paid by hand): the
 * platform holds it and owes it back to the buyer; the provider kept its fee of it all the same, Vitrina's cost
 * (decision 147).
 */
export async function postPaymentOwedBack(
  ctx: StoreTxContext,
  input: { orderId: string; paymentId: string; amountCents: number; providerFeeCents?: number },
): Promise<boolean> {
  return postEntry(ctx, {
    key: `payment:${input.paymentId}:owed`,
    kind: 'payment_owed',
    orderId: input.orderId,
    lines: [
      { account: 'buyer_payment', amountCents: input.amountCents },
      { account: 'refunds', amountCents: -input.amountCents },
      ...providerFeeLines(input.providerFeeCents ?? 0),
    ],
  });
}

/**
 * A paid order cancelled: the store's pending share and the platform's fee of it become owed back to the buyer
 * (refunds). Posts nothing for an order the ledger holds nothing of (paid by hand, never paid).
 */
export async function postOrderCancelled(ctx: StoreTxContext, orderId: string): Promise<boolean> {
  const s = await accountSums(ctx, orderId);
  const back = s.store_pending + s.store_available + s.platform_fee;
  return postEntry(ctx, {
    key: `order:${orderId}:cancelled`,
    kind: 'order_cancelled',
    orderId,
    lines: [
      { account: 'store_pending', amountCents: -s.store_pending },
      { account: 'store_available', amountCents: -s.store_available },
      { account: 'platform_fee', amountCents: -s.platform_fee },
      { account: 'refunds', amountCents: back },
    ],
  });
}

/** The provider refunded `amountCents` of an order's payment: what was owed back leaves the platform. */
export async function postRefundPaid(
  ctx: StoreTxContext,
  input: { orderId: string; refundKey: string; amountCents: number },
): Promise<boolean> {
  return postEntry(ctx, {
    key: `refund:${input.refundKey}`,
    kind: 'refund',
    orderId: input.orderId,
    lines: [
      { account: 'refunds', amountCents: input.amountCents },
      { account: 'buyer_payment', amountCents: -input.amountCents },
    ],
  });
}

/**
 * A delivered order's pending share becomes available (once per order: key `order:<id>:released`). A share below zero
 * (the fee of cash the store collected by hand) moves too, and comes off the available balance. Returns the centavos
 * released (negative for such a fee).
 */
export async function postOrderReleased(ctx: StoreTxContext, orderId: string): Promise<number> {
  const s = await accountSums(ctx, orderId);
  const pending = -s.store_pending;
  if (pending === 0) return 0;
  const posted = await postEntry(ctx, {
    key: `order:${orderId}:released`,
    kind: 'release',
    orderId,
    lines: [
      { account: 'store_pending', amountCents: pending },
      { account: 'store_available', amountCents: -pending },
    ],
  });
  return posted ? pending : 0;
}

/**
 * Orders of any store whose share is still pending (sum of `store_pending` lines not zero: money owed to the store,
 * or the fee of cash it collected), oldest first, up to `limit`: the candidates of the release catch-up (decision
 * 067). Paid orders not yet delivered are among them; the caller keeps those delivered long enough ago.
 */
export async function ordersWithPendingMoney(
  ctx: DbContext,
  limit = 1000,
): Promise<{ storeId: string; orderId: string; pendingCents: number }[]> {
  const rows = await ctx.db
    .select({
      storeId: ledgerLines.storeId,
      orderId: sql<string>`${ledgerLines.orderId}`,
      sum: sql<string>`sum(${ledgerLines.amountCents})`,
    })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.account, 'store_pending'), sql`${ledgerLines.orderId} is not null`))
    .groupBy(ledgerLines.storeId, ledgerLines.orderId)
    .having(sql`sum(${ledgerLines.amountCents}) <> 0`)
    .orderBy(sql`min(${ledgerLines.createdAt})`)
    .limit(limit);
  return rows.map((r) => ({ storeId: r.storeId, orderId: r.orderId, pendingCents: -Number(r.sum) }));
}

/**
 * A subscription period the seller paid (decision 062): the platform's revenue, apart from the store's own money
 * (no order, no store balance). Once per invoice: key `subscription:<invoice id>`.
 */
export async function postSubscriptionPaid(
  ctx: StoreTxContext,
  input: { invoiceId: string; amountCents: number },
): Promise<boolean> {
  return postEntry(ctx, {
    key: `subscription:${input.invoiceId}`,
    kind: 'subscription',
    memo: `invoice=${input.invoiceId}`,
    lines: [
      { account: 'subscription_payment', amountCents: input.amountCents },
      { account: 'subscription_revenue', amountCents: -input.amountCents },
    ],
  });
}
