/**
 * Property test of the three-way settlement (decision 136): for random marketplace orders — the reseller's own
 * package and one to three suppliers' packages, with coupons, shipping, OXXO fees and each party's plan rate — and
 * random sequences of payments, rejected packages, cancellations, releases and replays of any of them: every entry's
 * lines sum to zero across the parties' stores; each party's share of each package is exactly its rule's; no party
 * holds anything of a package that was reversed; released shares are available and nothing stays pending; the
 * platform's revenue is the fees of the packages still live; the buyer is owed back exactly what was reversed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestDb, type TestDatabase } from '../helpers/test-db.js';
import { createStoreFixture } from '../helpers/factories.js';
import { runTransaction } from '../../src/server/db/transaction.js';
import { ledgerLines } from '../../src/server/db/schema/index.js';
import { platformFeeCents } from '../../src/shared/money.js';
import {
  postPackageReleased,
  postSharedOrderPaid,
  postSharesReversed,
  type PackageShare,
} from '../../src/server/modules/balances/index.js';

const packageArb = fc.record({
  items: fc.integer({ min: 1, max: 2_000_000 }),
  wholesalePct: fc.integer({ min: 10, max: 100 }),
  shipping: fc.integer({ min: 0, max: 40_000 }),
  supplierFeeBps: fc.constantFrom(0, 200, 350, 500),
});
const orderArb = fc.record({
  own: fc.option(
    fc.record({ items: fc.integer({ min: 1, max: 2_000_000 }), shipping: fc.integer({ min: 0, max: 40_000 }) }),
    { nil: null },
  ),
  suppliers: fc.array(packageArb, { minLength: 1, maxLength: 3 }),
  discountPct: fc.integer({ min: 0, max: 100 }),
  oxxoFee: fc.constantFrom(0, 1_500),
  resellerFeeBps: fc.constantFrom(0, 200, 350, 500),
});
type Op =
  | { op: 'pay'; order: number }
  | { op: 'reject'; order: number; pkg: number }
  | { op: 'cancel'; order: number }
  | { op: 'release'; order: number; pkg: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('pay' as const), order: fc.nat(2) }),
  fc.record({ op: fc.constant('reject' as const), order: fc.nat(2), pkg: fc.nat(3) }),
  fc.record({ op: fc.constant('cancel' as const), order: fc.nat(2) }),
  fc.record({ op: fc.constant('release' as const), order: fc.nat(2), pkg: fc.nat(3) }),
);

/** The coupon split pro rata with the largest remainder (the checkout's rule). */
function split(discount: number, items: number[]): number[] {
  const total = items.reduce((a, b) => a + b, 0);
  const parts = items.map((x) => Math.floor((discount * x) / total));
  let left = discount - parts.reduce((a, b) => a + b, 0);
  const order = items.map((x, i) => ({ i, r: (discount * x) % total })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) if (left-- > 0) parts[i]++;
  return parts;
}

describe('three-way settlement property', () => {
  let database: TestDatabase;
  let reseller: string;
  let suppliers: string[];
  beforeAll(async () => {
    database = await createTestDb();
    reseller = (await createStoreFixture(database.db)).id;
    suppliers = await Promise.all([1, 2, 3].map(async () => (await createStoreFixture(database.db)).id));
  });
  afterAll(async () => database?.close());

  it('keeps every entry balanced and each party’s share exact through any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 3, maxLength: 3 }),
        fc.array(opArb, { minLength: 1, maxLength: 20 }),
        async (specs, ops) => {
          const orders = specs.map((o) => {
            const raw = [
              ...(o.own
                ? [{ supplierStoreId: null, items: o.own.items, shipping: o.own.shipping, wholesale: 0, fee: null }]
                : []),
              ...o.suppliers.map((s, i) => ({
                supplierStoreId: suppliers[i]!,
                items: s.items,
                shipping: s.shipping,
                wholesale: Math.max(1, Math.floor((s.items * s.wholesalePct) / 100)),
                fee: s.supplierFeeBps,
              })),
            ];
            const itemsTotal = raw.reduce((a, p) => a + p.items, 0);
            const discount = Math.floor((itemsTotal * o.discountPct) / 100);
            const discounts = split(
              discount,
              raw.map((p) => p.items),
            );
            const packages: PackageShare[] = raw.map((p, i) => ({
              fulfilmentId: randomUUID(),
              supplierStoreId: p.supplierStoreId,
              itemsCents: p.items,
              discountCents: discounts[i]!,
              wholesaleCents: p.wholesale,
              shippingCents: p.shipping,
              supplierFeeBps: p.fee,
            }));
            const total =
              packages.reduce((a, p) => a + p.itemsCents - p.discountCents + p.shippingCents, 0) + o.oxxoFee;
            return {
              id: randomUUID(),
              spec: o,
              packages,
              total,
              paid: false,
              cancelled: false,
              reversed: new Set<string>(),
              released: new Set<string>(),
            };
          });
          const tx = <T>(
            fn: (c: { db: Parameters<Parameters<typeof runTransaction>[1]>[0]; storeId: string }) => Promise<T>,
          ) => runTransaction(database.db, (db) => fn({ db, storeId: reseller }));
          const parties = [...suppliers];

          for (const op of ops) {
            const o = orders[op.order]!;
            const pkg = 'pkg' in op ? o.packages[op.pkg % o.packages.length]! : null;
            if (op.op === 'pay') {
              const posted = await tx((c) =>
                postSharedOrderPaid(c, {
                  orderId: o.id,
                  storeId: reseller,
                  amountCents: o.total,
                  oxxoFeeCents: o.spec.oxxoFee,
                  resellerFeeBps: o.spec.resellerFeeBps,
                  packages: o.packages,
                }),
              );
              expect(posted).toBe(!o.paid);
              o.paid = true;
            } else if (op.op === 'reject' && o.paid && !o.cancelled && !o.released.has(pkg!.fulfilmentId)) {
              await tx((c) => postSharesReversed(c, { orderId: o.id, parties, fulfilmentId: pkg!.fulfilmentId }));
              o.reversed.add(pkg!.fulfilmentId);
            } else if (op.op === 'cancel' && o.paid && !o.released.size) {
              await tx((c) => postSharesReversed(c, { orderId: o.id, parties }));
              o.cancelled = true;
            } else if (op.op === 'release' && o.paid && !o.cancelled && !o.reversed.has(pkg!.fulfilmentId)) {
              await tx((c) => postPackageReleased(c, { orderId: o.id, fulfilmentId: pkg!.fulfilmentId, parties }));
              o.released.add(pkg!.fulfilmentId);
            }
          }

          const ids = orders.map((o) => o.id);
          const unbalanced = await database.db
            .select({ entryId: ledgerLines.entryId })
            .from(ledgerLines)
            .where(inArray(ledgerLines.orderId, ids))
            .groupBy(ledgerLines.entryId)
            .having(sql`sum(${ledgerLines.amountCents}) <> 0`);
          expect(unbalanced).toEqual([]);

          for (const o of orders) {
            const rows = await database.db
              .select({
                storeId: ledgerLines.storeId,
                account: ledgerLines.account,
                f: ledgerLines.fulfilmentId,
                sum: sql<string>`sum(${ledgerLines.amountCents})`,
              })
              .from(ledgerLines)
              .where(eq(ledgerLines.orderId, o.id))
              .groupBy(ledgerLines.storeId, ledgerLines.account, ledgerLines.fulfilmentId);
            const get = (store: string, account: string, f: string | null) =>
              Number(rows.find((r) => r.storeId === store && r.account === account && r.f === f)?.sum ?? 0);
            let fees = 0;
            let owedBack = 0;
            const oxxoOn = o.packages.find((p) => !p.supplierStoreId) ?? o.packages[0]!;
            for (const p of o.packages) {
              const f = p.fulfilmentId;
              const gone = !o.paid || o.cancelled || o.reversed.has(f);
              const sold = p.itemsCents - p.discountCents;
              const oxxo = p === oxxoOn ? o.spec.oxxoFee : 0;
              let resellerShare: number;
              let resellerFee: number;
              let supplierShare = 0;
              let supplierFee = 0;
              if (p.supplierStoreId) {
                supplierFee = platformFeeCents(p.wholesaleCents, p.supplierFeeBps!);
                supplierShare = p.wholesaleCents + p.shippingCents - supplierFee;
                resellerFee = platformFeeCents(Math.max(0, sold - p.wholesaleCents), o.spec.resellerFeeBps);
                resellerShare = sold - p.wholesaleCents + oxxo - resellerFee;
              } else {
                resellerFee = Math.min(sold + p.shippingCents + oxxo, platformFeeCents(sold, o.spec.resellerFeeBps));
                resellerShare = sold + p.shippingCents + oxxo - resellerFee;
              }
              const released = o.released.has(f);
              const rPending = 0 - get(reseller, 'store_pending', f);
              const rAvailable = 0 - get(reseller, 'store_available', f);
              const sPending = p.supplierStoreId ? 0 - get(p.supplierStoreId, 'supplier_pending', f) : 0;
              const sAvailable = p.supplierStoreId ? 0 - get(p.supplierStoreId, 'supplier_available', f) : 0;
              const fee =
                0 -
                get(reseller, 'platform_fee', f) -
                (p.supplierStoreId ? get(p.supplierStoreId, 'platform_fee', f) : 0);
              if (gone) {
                // No party is ever paid for a package that was refunded.
                expect([rPending, rAvailable, sPending, sAvailable, fee].map((x) => x + 0)).toEqual([0, 0, 0, 0, 0]);
                if (o.paid) owedBack += sold + p.shippingCents + oxxo;
              } else {
                expect(rPending + rAvailable).toBe(resellerShare);
                expect(sPending + sAvailable).toBe(supplierShare);
                expect((released ? [rPending, sPending] : [rAvailable, sAvailable]).map((x) => x + 0)).toEqual([0, 0]);
                expect(fee).toBe(resellerFee + supplierFee);
                fees += fee;
              }
            }
            const feeLines = rows.filter((r) => r.account === 'platform_fee').reduce((a, r) => a - Number(r.sum), 0);
            expect(feeLines).toBe(fees);
            expect(0 - get(reseller, 'refunds', null)).toBe(owedBack);
            expect(get(reseller, 'buyer_payment', null)).toBe(o.paid ? o.total : 0);
          }
        },
      ),
      { numRuns: process.env.TEST_DATABASE_URL ? 15 : 30 },
    );
  });
});
