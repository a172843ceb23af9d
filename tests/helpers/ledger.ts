/**
 * Ledger reconciliation for tests (issue 8 "ledger sums that reconcile after every test"): every entry balances, and
 * what the ledger holds of each order and of the store matches the orders, payments and payouts tables.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { ledgerEntries, ledgerLines, orders, payments, payouts, refunds } from '../../src/server/db/schema/index.js';
import { platformFee } from '../../src/server/modules/balances/index.js';

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
  const orphan = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      sql`${ledgerEntries.storeId} = ${storeId} and not exists (select 1 from ledger_lines l where l.entry_id = ${ledgerEntries.id})`,
    );
  expect(orphan, 'every entry has lines').toEqual([]);

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
  let released = 0;
  for (const o of orderRows) {
    const s = byOrder.get(o.id);
    const provider = paymentRows.filter((p) => p.orderId === o.id && p.provider !== 'manual');
    const mine = refundRows.filter((r) => r.orderId === o.id);
    const requested = mine.reduce((n, r) => n + r.amountCents, 0);
    const refunded = mine.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amountCents, 0);
    const held = provider.filter((p) => p.status === 'succeeded').reduce((n, p) => n + p.amountCents, 0) - refunded;
    const label = `order ${o.folio} (${o.status})`;
    expect(get(s, 'buyer_payment'), `${label}: buyer money held = provider payments not refunded`).toBe(held);
    const paidByProvider = provider.some((p) => p.status === 'succeeded' || p.status === 'refunded');
    const storeShare = 0 - get(s, 'store_pending') - get(s, 'store_available');
    if (o.status === 'cancelled' || !paidByProvider || o.status === 'pending') {
      expect(storeShare, `${label}: nothing for the store`).toBe(0);
      expect(get(s, 'platform_fee'), `${label}: no fee`).toBe(0);
      expect(0 - get(s, 'refunds'), `${label}: owed back = held`).toBe(held);
    } else {
      const fee = platformFee(o.totalCents);
      expect(0 - get(s, 'platform_fee'), `${label}: fee`).toBe(fee);
      expect(storeShare, `${label}: store share`).toBe(o.totalCents - fee - requested);
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
  expect(get(store, 'store_available'), 'never negative available').toBeLessThanOrEqual(0);
}
