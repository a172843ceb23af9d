/** src/shared/money.ts: integer centavos only, the order total (the discount never touches shipping), MXN text. */
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
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('writes the same text as Intl.NumberFormat for MXN in es-MX and en-US, negatives and millions included', () => {
    const intl = {
      es: new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2 }),
      en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2 }),
    };
    // Every amount below $20 and a spread of larger ones (a fixed sequence, so a failure repeats).
    const amounts = Array.from({ length: 2001 }, (_, i) => i - 1000);
    for (let x = 7, i = 0; i < 3000; i++) {
      x = (x * 48271) % 2147483647;
      amounts.push(x % 10 ** (1 + (i % 12)), 0 - (x % 10 ** (1 + (i % 9))));
    }
    amounts.push(99, 100, 99999, 100000, 99999999, 100000000, 999999999999);
    for (const cents of amounts)
      for (const locale of ['es', 'en'] as const)
        expect(formatMoney(cents, locale)).toBe(intl[locale].format(cents / 100));
    // Where Intl writes "-$0.00" (minus zero), no minus is shown.
    expect(formatMoney(-0)).toBe('$0.00');
  });
});
