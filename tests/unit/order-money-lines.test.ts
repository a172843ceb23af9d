/**
 * src/shared/money.ts: the lines every money screen and email shows (the buyer's: products, coupon discount, shipping,
 * OXXO fee, total; the seller's: sale, Vitrina's fee, refunds, net) always add up to their total, the platform fee is
 * charged on the products after the coupon (never on shipping or the OXXO fee; decision 096), and a refund gives back
 * the fee pro rata with one rounding rule, all of it on a full refund (decision 095).
 */
import { describe, expect, it } from 'vitest';
import {
  balanceLines,
  feeReturnedCents,
  formatFeeRate,
  orderMoneyLines,
  platformFeeBaseCents,
  platformFeeCents,
  proRataCents,
  providerFeeCents,
  settlementLines,
} from '../../src/shared/money.js';

const sum = (lines: { key: string; cents: number }[]) =>
  lines.filter((l) => !['total', 'net', 'toBalance'].includes(l.key)).reduce((s, l) => s + l.cents, 0);

describe('order money lines', () => {
  it('the seller’s $2,000 order with a coupon and $529 shipping: products, discount (code), shipping, total add up', () => {
    const lines = orderMoneyLines({
      itemsCents: 200_000,
      discountCents: 30_000,
      couponCode: 'VERANO15',
      shippingCents: 52_900,
      feeCents: 0,
      totalCents: 222_900,
    });
    expect(lines).toEqual([
      { key: 'items', cents: 200_000 },
      { key: 'discount', cents: -30_000, code: 'VERANO15' },
      { key: 'shipping', cents: 52_900 },
      { key: 'total', cents: 222_900 },
    ]);
    expect(sum(lines)).toBe(222_900);
  });

  it('names the OXXO fee when there is one and leaves out a zero discount', () => {
    const lines = orderMoneyLines({
      itemsCents: 99_900,
      discountCents: 0,
      couponCode: null,
      shippingCents: 10_900,
      feeCents: 1_500,
      totalCents: 112_300,
    });
    expect(lines.map((l) => l.key)).toEqual(['items', 'shipping', 'oxxoFee', 'total']);
    expect(sum(lines)).toBe(112_300);
  });

  it('a 100 % coupon on a pickup order: every line and the total are zero, still adding up', () => {
    const lines = orderMoneyLines({
      itemsCents: 50_000,
      discountCents: 50_000,
      couponCode: 'GRATIS',
      shippingCents: 0,
      feeCents: 0,
      totalCents: 0,
    });
    expect(lines.at(-1)).toEqual({ key: 'total', cents: 0 });
    expect(sum(lines)).toBe(0);
  });

  it('refuses lines that do not make the total (a screen must never show a sum that does not add up)', () => {
    expect(() =>
      orderMoneyLines({
        itemsCents: 200_000,
        discountCents: 0,
        couponCode: null,
        shippingCents: 52_900,
        feeCents: 0,
        totalCents: 222_900,
      }),
    ).toThrow(RangeError);
  });
});

describe('platform fee', () => {
  it('is charged on the products after the coupon: not on shipping, not on the OXXO fee', () => {
    expect(platformFeeBaseCents({ itemsCents: 180_000, discountCents: 0 })).toBe(180_000);
    expect(platformFeeBaseCents({ itemsCents: 200_000, discountCents: 30_000 })).toBe(170_000);
    expect(platformFeeBaseCents({ itemsCents: 10_000, discountCents: 50_000 })).toBe(0);
    // The $1,868.00 order of the report ($1,800 of products + $68 shipping): 3.5 % of $1,800, not of $1,868.
    expect(platformFeeCents(180_000, 350)).toBe(6_300);
    expect(platformFeeCents(0, 350)).toBe(0);
  });

  it('rounds half up to the centavo and never exceeds its base', () => {
    expect(platformFeeCents(10, 350)).toBe(0); // 0.35
    expect(platformFeeCents(100, 350)).toBe(4); // 3.5 → 4
    expect(platformFeeCents(1_001, 350)).toBe(35); // 35.035
    expect(platformFeeCents(500, 10_000)).toBe(500);
    expect(() => platformFeeCents(100, 10_001)).toThrow(RangeError);
    expect(() => platformFeeCents(100.5, 350)).toThrow(RangeError);
  });

  it('goes back with a refund pro rata (cumulative, half up), all of it when everything was refunded', () => {
    // Fee 6,300 of a 186,800 payment.
    expect(feeReturnedCents({ feeCents: 6_300, paidCents: 186_800, refundedCents: 0 })).toBe(0);
    expect(feeReturnedCents({ feeCents: 6_300, paidCents: 186_800, refundedCents: 93_400 })).toBe(3_150);
    expect(feeReturnedCents({ feeCents: 6_300, paidCents: 186_800, refundedCents: 1_000 })).toBe(34); // 33.7
    expect(feeReturnedCents({ feeCents: 6_300, paidCents: 186_800, refundedCents: 186_800 })).toBe(6_300);
    // Refunds in many small parts give back exactly what one refund of the sum would.
    let back = 0;
    for (let r = 0; r < 186_800; r += 7_000) {
      const next = Math.min(186_800, r + 7_000);
      back +=
        feeReturnedCents({ feeCents: 6_300, paidCents: 186_800, refundedCents: next }) -
        feeReturnedCents({ feeCents: 6_300, paidCents: 186_800, refundedCents: r });
    }
    expect(back).toBe(6_300);
  });
});

describe('the seller’s lines of an order', () => {
  it('sale − Vitrina’s fee = net, and refunds with the fee given back', () => {
    const lines = settlementLines({
      saleCents: 186_800,
      feeCents: 6_300,
      refundedCents: 0,
      feeReturnedCents: 0,
      collectedCents: 0,
    });
    expect(lines).toEqual([
      { key: 'sale', cents: 186_800 },
      { key: 'fee', cents: -6_300 },
      { key: 'net', cents: 180_500 },
    ]);
    const refunded = settlementLines({
      saleCents: 186_800,
      feeCents: 6_300,
      refundedCents: 186_800,
      feeReturnedCents: 6_300,
      collectedCents: 0,
    });
    expect(refunded.map((l) => [l.key, l.cents])).toEqual([
      ['sale', 186_800],
      ['fee', -6_300],
      ['refunded', -186_800],
      ['feeReturned', 6_300],
      ['net', 0],
    ]);
  });

  it('what the payment provider kept is its own line, given back by Vitrina: the net does not change', () => {
    const lines = settlementLines({
      saleCents: 186_800,
      feeCents: 6_300,
      refundedCents: 0,
      feeReturnedCents: 0,
      collectedCents: 0,
      paymentFeeCents: 8_156,
    });
    expect(lines.map((l) => [l.key, l.cents])).toEqual([
      ['sale', 186_800],
      ['fee', -6_300],
      ['paymentFee', -8_156],
      ['paymentFeeByVitrina', 8_156],
      ['net', 180_500],
    ]);
  });

  it('cash the seller took by hand: the net is already in the seller’s hands, the fee comes off the balance', () => {
    const lines = settlementLines({
      saleCents: 50_000,
      feeCents: 1_750,
      refundedCents: 0,
      feeReturnedCents: 0,
      collectedCents: 50_000,
    });
    expect(lines.map((l) => [l.key, l.cents])).toEqual([
      ['sale', 50_000],
      ['fee', -1_750],
      ['net', 48_250],
      ['collected', -50_000],
      ['toBalance', -1_750],
    ]);
  });
});

describe('the seller’s balance as lines', () => {
  it('sales − refunded − Vitrina’s fee − cash collected = net; − paid out = the balance', () => {
    const lines = balanceLines({
      salesCents: 500_000,
      refundedCents: 20_000,
      feesCents: 15_000,
      collectedCents: 0,
      netCents: 465_000,
      paidOutCents: 100_000,
      totalCents: 365_000,
    });
    expect(lines.map((l) => [l.key, l.cents])).toEqual([
      ['sales', 500_000],
      ['refunded', -20_000],
      ['fees', -15_000],
      ['net', 465_000],
      ['paidOut', -100_000],
      ['balance', 365_000],
    ]);
  });

  it('refuses a summary whose lines do not reconcile', () => {
    expect(() =>
      balanceLines({
        salesCents: 500_000,
        refundedCents: 0,
        feesCents: 15_000,
        collectedCents: 0,
        netCents: 485_000,
        paidOutCents: 0,
        totalCents: 480_000,
      }),
    ).toThrow(RangeError);
  });
});

describe('fee rate text', () => {
  it('writes basis points as a percentage in Spanish and English', () => {
    expect(formatFeeRate(350)).toBe('3.5\u00a0%');
    expect(formatFeeRate(350, 'en')).toBe('3.5%');
    expect(formatFeeRate(125, 'en')).toBe('1.25%');
    expect(formatFeeRate(500, 'en')).toBe('5%');
    expect(formatFeeRate(0)).toBe('0\u00a0%');
    expect(() => formatFeeRate(10_001)).toThrow(RangeError);
  });
});

describe('the payment provider’s fee (decision 147)', () => {
  it('is what each method costs with IVA, never more than the payment, none without a provider', () => {
    // Card and OXXO: 4.18 % + $3.48; PayPal: 4.58 % + $4.64.
    expect(providerFeeCents({ method: 'card', provider: 'stripe', amountCents: 186_800 })).toBe(7_808 + 348);
    expect(providerFeeCents({ method: 'oxxo', provider: 'sandbox', amountCents: 100_000 })).toBe(4_180 + 348);
    expect(providerFeeCents({ method: 'paypal', provider: 'paypal', amountCents: 100_000 })).toBe(4_580 + 464);
    expect(providerFeeCents({ method: 'card', provider: 'manual', amountCents: 100_000 }), 'cash by hand').toBe(0);
    expect(providerFeeCents({ method: 'card', provider: 'none', amountCents: 0 }), 'a zero total').toBe(0);
    expect(providerFeeCents({ method: 'card', provider: 'stripe', amountCents: 200 }), 'at most the payment').toBe(200);
  });
});

describe('a total shared pro rata, cumulatively (decisions 095, 147)', () => {
  it('rounds half up on the cumulative part and gives it all at the whole', () => {
    expect(proRataCents(100, 1, 3)).toBe(33);
    expect(proRataCents(100, 2, 3)).toBe(67);
    expect(proRataCents(100, 3, 3)).toBe(100);
    expect(proRataCents(5, 1, 2)).toBe(3); // 2.5 rounds up
    expect(proRataCents(0, 1, 2)).toBe(0);
    expect(proRataCents(7, 0, 2)).toBe(0);
    expect(() => proRataCents(-1, 1, 2)).toThrow(RangeError);
    // Big weights (units × prices) stay exact.
    expect(proRataCents(9_000_000_000, 4_000_000_000_001, 8_000_000_000_000)).toBe(4_500_000_000);
  });
});
