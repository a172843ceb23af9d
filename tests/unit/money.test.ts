/** src/shared/money.ts: integer centavos only, SPEC §9's order total (the discount never touches shipping), MXN text. */
import { describe, expect, it } from 'vitest';
import { assertCents, formatMoney, lineTotalCents, orderTotalCents } from '../../src/shared/money.js';

describe('money', () => {
  it('accepts only safe integers of centavos', () => {
    expect(assertCents(0)).toBe(0);
    expect(assertCents(-500)).toBe(-500);
    expect(() => assertCents(10.5)).toThrow(RangeError);
    expect(() => assertCents(Number.NaN)).toThrow(RangeError);
    expect(() => assertCents(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('multiplies in centavos, refusing fractions and negative quantities', () => {
    expect(lineTotalCents(99900, 2)).toBe(199800);
    expect(lineTotalCents(99900, 0)).toBe(0);
    expect(() => lineTotalCents(99900, -1)).toThrow(RangeError);
    expect(() => lineTotalCents(99900, 1.5)).toThrow(RangeError);
    expect(() => lineTotalCents(999.5, 2)).toThrow(RangeError);
  });

  it('totals items + shipping + fee − discount, the discount capped at the items (never on shipping)', () => {
    expect(orderTotalCents({ itemsCents: 199800, shippingCents: 11900, feeCents: 0, discountCents: 0 })).toBe(211700);
    expect(orderTotalCents({ itemsCents: 99900, shippingCents: 10900, feeCents: 1500, discountCents: 0 })).toBe(112300);
    expect(orderTotalCents({ itemsCents: 10000, shippingCents: 9900, feeCents: 0, discountCents: 2500 })).toBe(17400);
    // A discount larger than the items leaves shipping and the fee to pay.
    expect(orderTotalCents({ itemsCents: 10000, shippingCents: 9900, feeCents: 1500, discountCents: 50000 })).toBe(
      11400,
    );
    expect(() => orderTotalCents({ itemsCents: 100, shippingCents: 0.5, feeCents: 0, discountCents: 0 })).toThrow(
      RangeError,
    );
  });

  it('formats MXN for Spanish and English shoppers', () => {
    expect(formatMoney(61900)).toBe('$619.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(61900, 'en')).toBe('MX$619.00');
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});
