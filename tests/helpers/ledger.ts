/**
 * Ledger reconciliation for tests: every entry balances, and
 * what the ledger holds of each order and of the store matches the orders, payments and payouts tables; what the
 * payment provider kept of each payment is posted once, as Vitrina's cost (decision 147).
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { ledgerEntries, ledgerLines, orders, payments, payouts, refunds } from '../../src/server/db/schema/index.js';
import { feeReturnedCents, platformFeeBaseCents, platformFeeCents, providerFeeCents } from '../../src/shared/money.js';

type Sums = Record<string, number>;

/** Checks the ledger of `storeId` against its orders, payments and payouts; fails the test with what differs. */
export async function expectLedgerReconciles(db: Db, storeId: string): Promise<void> {
  const unbalanced = await db
    .select({ entryId: ledgerLines.entryId, sum: sql<string>`sum(${ledgerLines.amountCents})` })
    .from(ledgerLines)
    .where(eq(ledgerLines.storeId, storeId))
    .groupBy(ledgerLines.entryId)
    .having(sql`sum(${ledgerLines.amountCents}) <> 0`);
  expect(unbalanced, 'every entry balances').toEqual([]);
  // An order paid with a zero total is recorded with no lines (no money moved); every other entry has lines.
  const orphan = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      sql`${ledgerEntries.storeId} = ${storeId} and not exists (select 1 from ledger_lines l where l.entry_id = ${ledgerEntries.id})
          and not (${ledgerEntries.kind} = 'order_paid' and exists (select 1 from orders o where o.id = ${ledgerEntries.orderId} and o.total_cents = 0))`,
    );
  expect(orphan, 'every entry has lines').toEqual([]);
  const paidEntries = await db
    .select({ orderId: ledgerEntries.orderId, n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.storeId} = ${storeId} and ${ledgerEntries.kind} = 'order_paid'`)
    .groupBy(ledgerEntries.orderId)
    .having(sql`count(*) > 1`);
  expect(paidEntries, 'one order_paid entry per order').toEqual([]);

  const lines = await db
    .select({ orderId: ledgerLines.orderId, account: ledgerLines.account, amount: ledgerLines.amountCents })
    .from(ledgerLines)
    .where(eq(ledgerLines.storeId, storeId));
  const byOrder = new Map<string, Sums>();
  const store: Sums = {};
  for (const l of lines) {
    store[l.account] = (store[l.account] ?? 0) + l.amount;
    if (!l.orderId) continue;
    const s = byOrder.get(l.orderId) ?? {};
    s[l.account] = (s[l.account] ?? 0) + l.amount;
    byOrder.set(l.orderId, s);
  }
  const get = (s: Sums | undefined, a: string) => (s?.[a] ?? 0) + 0;
  const orderRows = await db.select().from(orders).where(eq(orders.storeId, storeId));
  const paymentRows = await db.select().from(payments).where(eq(payments.storeId, storeId));
  const refundRows = await db.select().from(refunds).where(eq(refunds.storeId, storeId));
  const paidKeys = new Set(
    (
      await db
        .select({ orderId: ledgerEntries.orderId })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.storeId} = ${storeId} and ${ledgerEntries.kind} = 'order_paid'`)
    ).map((e) => e.orderId),
  );
  // Vitrina's fee given back by each order's line refunds (decision 147: the line's part, not the payment's).
  const lineFeeBack = new Map(
    (
      await db
        .select({ orderId: ledgerLines.orderId, back: sql<string>`sum(${ledgerLines.amountCents})` })
        .from(ledgerLines)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
        .where(
          sql`${ledgerEntries.storeId} = ${storeId} and ${ledgerLines.storeId} = ${storeId} and ${ledgerLines.account} = 'platform_fee' and ${ledgerEntries.key} like 'refund-request:%'`,
        )
        .groupBy(ledgerLines.orderId)
    ).map((r) => [r.orderId, Number(r.back)]),
  );
  let released = 0;
  let cashOrders = 0;
  for (const o of orderRows) {
    const s = byOrder.get(o.id);
    const provider = paymentRows.filter((p) => p.orderId === o.id && p.provider !== 'manual');
    const cash = paymentRows.find((p) => p.orderId === o.id && p.provider === 'manual');
    const mine = refundRows.filter((r) => r.orderId === o.id);
    const requested = mine.reduce((n, r) => n + r.amountCents, 0);
    const refunded = mine.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amountCents, 0);
    // A payment marked refunded went back whole (its refund rows and the rest at cancellation); a succeeded one still
    // holds what its refunds have not sent back.
    const held = provider
      .filter((p) => p.status === 'succeeded')
      .reduce(
        (n, p) =>
          n +
          p.amountCents -
          mine.filter((r) => r.paymentId === p.id && r.status === 'succeeded').reduce((m, r) => m + r.amountCents, 0),
        0,
      );
    const label = `order ${o.folio} (${o.status})`;
    expect(get(s, 'buyer_payment'), `${label}: buyer money held = provider payments not refunded`).toBe(held);
    // Every payment that reached the platform paid its provider's fee, once, and Vitrina bears it.
    const kept = provider
      .filter((p) => p.status === 'succeeded' || p.status === 'refunded')
      .reduce((n, p) => n + providerFeeCents(p), 0);
    expect(0 - get(s, 'provider_fee'), `${label}: the provider's fee`).toBe(kept);
    expect(get(s, 'collection_cost'), `${label}: borne by Vitrina`).toBe(kept);
    const storeShare = 0 - get(s, 'store_pending') - get(s, 'store_available');
    if (o.status === 'cancelled' || o.status === 'pending' || !paidKeys.has(o.id)) {
      expect(storeShare, `${label}: nothing for the store`).toBe(0);
      expect(get(s, 'platform_fee'), `${label}: no fee`).toBe(0);
      expect(0 - get(s, 'refunds'), `${label}: owed back = held`).toBe(held);
    } else {
      // Decisions 095, 096: the fee is the order's rate of its products after the coupon, and refunds give it back
      // pro rata; cash the seller collected by hand is already the store's.
      const fee = platformFeeCents(platformFeeBaseCents(o), o.platformFeeBps);
      const paidAmount = cash?.amountCents ?? provider.find((p) => p.status !== 'canceled')?.amountCents ?? 0;
      const lineRefunds = mine.some((r) => r.orderItemId);
      const back = lineRefunds
        ? (lineFeeBack.get(o.id) ?? 0)
        : feeReturnedCents({ feeCents: fee, paidCents: paidAmount, refundedCents: requested });
      const collected = cash ? cash.amountCents : 0;
      if (cash) cashOrders++;
      expect(0 - get(s, 'platform_fee'), `${label}: fee`).toBe(fee - back);
      expect(storeShare, `${label}: store share`).toBe(o.totalCents - fee - (requested - back) - collected);
      expect(0 - get(s, 'refunds'), `${label}: refunds owed`).toBe(requested - refunded);
      if (o.status !== 'delivered') expect(get(s, 'store_available'), `${label}: not released`).toBe(0);
      released -= get(s, 'store_available');
      if (get(s, 'store_available') !== 0) expect(get(s, 'store_pending'), `${label}: all released`).toBe(0);
    }
  }
  const [{ paid }] = await db
    .select({ paid: sql<string>`coalesce(sum(${payouts.amountCents}), 0)` })
    .from(payouts)
    .where(eq(payouts.storeId, storeId));
  expect(0 - get(store, 'payouts'), 'payouts account = payouts table').toBe(Number(paid));
  // Every available line is an order's (its release, a refund taken from it) or a payout's.
  const releasedTotal = [...byOrder.values()].reduce((n, o) => n - get(o, 'store_available'), 0);
  expect(0 - get(store, 'store_available'), 'available = orders’ released money − paid out').toBe(
    releasedTotal - Number(paid),
  );
  expect(released, 'released orders').toBe(releasedTotal);
  // The fee of cash collected by hand is owed by the store, so its available money may be below zero.
  if (!cashOrders) expect(get(store, 'store_available'), 'never negative available').toBeLessThanOrEqual(0);
}
