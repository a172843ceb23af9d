/** The lowest price a reseller may list a supplier's product at (decision 136). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listingFloorCents, paymentFeeCents, platformFeeCents } from '../../src/shared/money.js';

const net = (retail: number, wholesale: number, bps: number) =>
  retail - wholesale - platformFeeCents(retail - wholesale, bps) - paymentFeeCents(retail);

describe('listingFloorCents', () => {
  it('covers the wholesale price, the fee on the margin and the payment fee, by a worked example', () => {
    // $100.00 wholesale at 3.5 %: margin m with m − 3.5 % m − 4.18 % (10,000 + m) − 348 ≥ 0 → m ≈ 830.
    const floor = listingFloorCents(10_000, 350);
    expect(floor).toBe(10_830);
    expect(net(floor, 10_000, 350)).toBeGreaterThanOrEqual(0);
    expect(net(floor - 1, 10_000, 350)).toBeLessThan(0);
  });

  it('is the least price that leaves the reseller nothing negative, for any price and plan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.constantFrom(0, 200, 350, 500, 1000), (w, bps) => {
        const floor = listingFloorCents(w, bps);
        expect(net(floor, w, bps)).toBeGreaterThanOrEqual(0);
        expect(net(floor - 1, w, bps)).toBeLessThan(0);
      }),
    );
  });

  it('refuses a wholesale price that is not positive whole centavos', () => {
    expect(() => listingFloorCents(0, 350)).toThrow(RangeError);
    expect(() => listingFloorCents(10.5, 350)).toThrow(RangeError);
  });
});
