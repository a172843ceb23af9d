import { describe, expect, it } from 'vitest';
import { checkoutTotals } from './totals';

describe('checkoutTotals (the total the payment page shows and sends as expectedTotalCents)', () => {
  it('subtracts the discount from the items: 500.00 + 99.00 shipping + 10.00 fee − 50.00 = 559.00', () => {
    const t = checkoutTotals({ itemsCents: 50_000, shippingCents: 9_900, feeCents: 1_000, discountCents: 5_000 });
    expect(t.totalCents).toBe(55_900);
  });

  it('never lets the discount take the shipping or the fee', () => {
    const t = checkoutTotals({ itemsCents: 10_000, shippingCents: 9_900, feeCents: 1_000, discountCents: 25_000 });
    expect(t.totalCents).toBe(10_900);
  });

  it('counts shipping not chosen yet as 0 and keeps it null for display', () => {
    const t = checkoutTotals({ itemsCents: 61_900, shippingCents: null });
    expect(t).toEqual({ itemsCents: 61_900, shippingCents: null, feeCents: 0, discountCents: 0, totalCents: 61_900 });
  });

  it('refuses fractional centavos', () => {
    expect(() => checkoutTotals({ itemsCents: 100.5, shippingCents: 0 })).toThrow(RangeError);
  });
});
