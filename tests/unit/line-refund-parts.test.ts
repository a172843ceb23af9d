/**
 * The parts of a line refund (decision 147, src/server/modules/balances/line-refunds.ts lineRefundParts): the buyer
 * gets back the units' price less their part of the coupon; the supplier exactly units × wholesale; the coupon, the
 * supplier's fee and the reseller's fee pro rata (by retail, wholesale and margin), cumulatively and rounded half up.
 * Refunding a package's units in any order and any parts reverses exactly the whole package but its shipping, and
 * each refund's parts add up to what the buyer gets back.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  lineRefundParts,
  type LinePackage,
  type RefundedUnits,
} from '../../src/server/modules/balances/line-refunds.js';

describe('lineRefundParts', () => {
  it('by a worked example: one of two units of a $450.00 listing, wholesale $300.00, a 10 % coupon', () => {
    const pkg: LinePackage = {
      itemsCents: 90_000,
      discountCents: 9_000,
      supplierFeeCents: 2_100, // 3.5 % of 60,000
      resellerFeeCents: 735, // 3.5 % of 90,000 − 9,000 − 60,000
      lines: [{ id: 'a', quantity: 2, unitCents: 45_000, wholesaleUnitCents: 30_000 }],
      before: [],
    };
    const first = lineRefundParts(pkg, { orderItemId: 'a', quantity: 1, shares: 'all' });
    expect(first).toEqual({
      amountCents: 40_500,
      discountCents: 4_500,
      supplierShare: 30_000 - 1_050,
      supplierFee: 1_050,
      resellerShare: 40_500 - 30_000 - 368, // 367.5 rounds up on the first half
      resellerFee: 368,
    });
    const second = lineRefundParts(
      { ...pkg, before: [{ orderItemId: 'a', quantity: 1, shares: 'all' }] },
      { orderItemId: 'a', quantity: 1, shares: 'all' },
    );
    expect(second.resellerFee, 'the last unit takes what is left').toBe(367);
    // Refunded by the store after the supplier shipped: the supplier keeps its part.
    const store = lineRefundParts(pkg, { orderItemId: 'a', quantity: 1, shares: 'store' });
    expect(store).toMatchObject({ amountCents: 40_500, supplierShare: 0, supplierFee: 0, resellerShare: 40_500 - 368 });
  });

  it('refuses a line that is not in the package and more units than are left', () => {
    const pkg: LinePackage = {
      itemsCents: 100,
      discountCents: 0,
      supplierFeeCents: 0,
      resellerFeeCents: 4,
      lines: [{ id: 'a', quantity: 1, unitCents: 100, wholesaleUnitCents: 0 }],
      before: [],
    };
    expect(() => lineRefundParts(pkg, { orderItemId: 'b', quantity: 1, shares: 'all' })).toThrow(RangeError);
    expect(() => lineRefundParts(pkg, { orderItemId: 'a', quantity: 2, shares: 'all' })).toThrow(RangeError);
  });

  it('refunds in any order and parts add up to the whole package, each refund to what the buyer gets', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 5 }),
      unitCents: fc.integer({ min: 1, max: 300_000 }),
      wholesalePct: fc.integer({ min: 0, max: 99 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(0, 200, 350, 500),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        (raw, discountPct, bps, picks) => {
          const lines = raw.map((l, i) => ({
            id: `l${i}`,
            quantity: l.quantity,
            unitCents: l.unitCents,
            wholesaleUnitCents: Math.floor((l.unitCents * l.wholesalePct) / 100),
          }));
          const items = lines.reduce((n, l) => n + l.unitCents * l.quantity, 0);
          const wholesale = lines.reduce((n, l) => n + l.wholesaleUnitCents * l.quantity, 0);
          const discount = Math.floor((items * discountPct) / 100);
          const fee = (base: number) => Math.round((Math.max(0, base) * bps) / 10_000);
          const pkg: LinePackage = {
            itemsCents: items,
            discountCents: discount,
            supplierFeeCents: fee(wholesale),
            resellerFeeCents: fee(items - discount - wholesale),
            lines,
            before: [],
          };
          const before: RefundedUnits[] = [];
          const total = { amount: 0, discount: 0, supplierShare: 0, supplierFee: 0, resellerShare: 0, resellerFee: 0 };
          const left = () =>
            lines.map(
              (l) => l.quantity - before.filter((b) => b.orderItemId === l.id).reduce((n, b) => n + b.quantity, 0),
            );
          let k = 0;
          while (left().some((n) => n > 0)) {
            const open = lines.filter((_, i) => left()[i]! > 0);
            const l = open[(picks[k % picks.length] ?? 0) % open.length]!;
            const n = left()[lines.indexOf(l)]!;
            const quantity = 1 + ((picks[(k + 1) % picks.length] ?? 0) % n);
            k++;
            const p = lineRefundParts({ ...pkg, before: [...before] }, { orderItemId: l.id, quantity, shares: 'all' });
            expect(p.supplierShare + p.supplierFee + p.resellerShare + p.resellerFee).toBe(p.amountCents);
            expect(p.discountCents).toBeGreaterThanOrEqual(0);
            before.push({ orderItemId: l.id, quantity, shares: 'all' });
            total.amount += p.amountCents;
            total.discount += p.discountCents;
            total.supplierShare += p.supplierShare;
            total.supplierFee += p.supplierFee;
            total.resellerShare += p.resellerShare;
            total.resellerFee += p.resellerFee;
          }
          // Every unit refunded: exactly the package's goods, coupon and both fees went back, nothing more.
          expect(total.amount).toBe(items - discount);
          expect(total.discount).toBe(discount);
          expect(total.supplierFee).toBe(pkg.supplierFeeCents);
          expect(total.supplierShare).toBe(wholesale - pkg.supplierFeeCents);
          expect(total.resellerFee).toBe(pkg.resellerFeeCents);
          expect(total.resellerShare).toBe(items - discount - wholesale - pkg.resellerFeeCents);
        },
      ),
      { numRuns: 300 },
    );
  });
});
