/**
 * What the ledger says of one order's money, for the seller (decisions 095, 096, 147): what the buyer paid (the sale),
 * Vitrina's fee and its base and rate, what the payment provider kept of the payment (Vitrina's cost), what went back
 * to the buyer and the part of the fee returned with it, and cash the store collected by hand, and for a marketplace
 * order what its suppliers are owed (their lines in the order's entries). Read from the order's entries, by their
 * keys: `order:<id>:paid`, `order:<id>:collected`, `order:<id>:cancelled`, `fulfilment:<id>:reversed`,
 * `refund-request:<refund id>`. Amounts are centavos.
 */
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, ledgerLines } from '../../db/schema/balances.js';
import type { StoreDbContext } from '../../lib/context.js';
import type { OrderSettlement } from '../../../shared/contracts/checkout.js';

/** The fee's rate and base recorded on an order_paid entry's memo (`fee_bps=350 fee_base=153000`). */
function parseMemo(memo: string | null): { bps: number | null; base: number | null } {
  const bps = /fee_bps=(\d+)/.exec(memo ?? '')?.[1];
  const base = /fee_base=(\d+)/.exec(memo ?? '')?.[1];
  return { bps: bps ? Number(bps) : null, base: base ? Number(base) : null };
}

/**
 * The order's money as posted, or null when the ledger has no `order:<id>:paid` entry for it (not paid, or paid by
 * hand before cash sales were posted). An entry posted before the fee's base was recorded charged the whole total.
 */
export async function orderSettlement(ctx: StoreDbContext, orderId: string): Promise<OrderSettlement | null> {
  const { db, storeId } = ctx;
  const rows = await db
    .select({
      key: ledgerEntries.key,
      memo: ledgerEntries.memo,
      account: ledgerLines.account,
      amount: ledgerLines.amountCents,
      lineStoreId: ledgerLines.storeId,
    })
    .from(ledgerEntries)
    .leftJoin(ledgerLines, eq(ledgerLines.entryId, ledgerEntries.id))
    .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.orderId, orderId)));
  // A marketplace order's entries carry its suppliers' lines too (decision 136): they are the suppliers' part.
  const suppliersCents = -rows
    .filter((r) => r.lineStoreId && r.lineStoreId !== storeId)
    .reduce((s, r) => s + (r.amount ?? 0), 0);
  const own = rows.filter((r) => !r.lineStoreId || r.lineStoreId === storeId);
  const paidKey = `order:${orderId}:paid`;
  const paid = own.filter((r) => r.key === paidKey);
  if (!paid.length) return null;
  const line = (rs: typeof own, account: string) =>
    rs.filter((r) => r.account === account).reduce((s, r) => s + (r.amount ?? 0), 0);
  const saleCents = line(paid, 'buyer_payment');
  const feeCents = -line(paid, 'platform_fee');
  const paymentFeeCents = -line(paid, 'provider_fee');
  const memo = parseMemo(paid[0].memo);
  const givenBack = own.filter(
    (r) => r.key === `order:${orderId}:cancelled` || r.key.startsWith('refund-request:') || r.key.endsWith(':reversed'),
  );
  const refundedCents = -line(givenBack, 'refunds');
  const feeReturnedCents = line(givenBack, 'platform_fee');
  const collectedCents = line(
    own.filter((r) => r.key === `order:${orderId}:collected`),
    'store_pending',
  );
  return {
    status: 'posted',
    saleCents,
    feeBps: memo.bps ?? 0,
    feeBaseCents: memo.base ?? saleCents,
    feeCents,
    refundedCents,
    feeReturnedCents,
    collectedCents,
    suppliersCents: suppliersCents + 0,
    paymentFeeCents: paymentFeeCents + 0,
    netCents: saleCents - feeCents - suppliersCents - refundedCents + feeReturnedCents,
  };
}
