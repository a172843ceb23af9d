/** The problem of one cart line (checkout/new-order.ts `lineProblem`), in the order a shopper needs to see it. */
import { describe, expect, it } from 'vitest';
import { lineProblem } from '../../src/server/modules/checkout/order-steps.js';
import type { CheckoutVariant } from '../../src/server/modules/catalog/index.js';

const variant = (over: Partial<CheckoutVariant> = {}): CheckoutVariant =>
  ({
    variantId: 'v1',
    productId: 'p1',
    sku: 'X-M',
    codigo: 'X',
    name: 'Chamarra',
    options: { talla: 'M' },
    priceCents: 99900,
    stock: 5,
    minOrderQty: 2,
    weightGrams: 800,
    lengthCm: 30,
    widthCm: 25,
    heightCm: 10,
    imageUrl: null,
    available: true,
    ...over,
  }) as CheckoutVariant;

describe('lineProblem', () => {
  it('is null for an available variant within stock and at or over the minimum', () => {
    expect(lineProblem(variant(), 2)).toBeNull();
    expect(lineProblem(variant(), 5)).toBeNull();
  });

  it('names a missing or hidden product first, whatever the quantity', () => {
    expect(lineProblem(undefined, 1)).toBe('PRODUCT_NOT_AVAILABLE');
    expect(lineProblem(variant({ available: false, stock: 0 }), 1)).toBe('PRODUCT_NOT_AVAILABLE');
  });

  it('tells out of stock from not enough stock', () => {
    expect(lineProblem(variant({ stock: 0 }), 1)).toBe('OUT_OF_STOCK');
    expect(lineProblem(variant({ stock: -1 }), 1)).toBe('OUT_OF_STOCK');
    expect(lineProblem(variant({ stock: 5 }), 6)).toBe('INSUFFICIENT_STOCK');
  });

  it('asks for the minimum order quantity only when stock is not the problem', () => {
    expect(lineProblem(variant({ minOrderQty: 3 }), 2)).toBe('MIN_ORDER_QUANTITY');
    expect(lineProblem(variant({ minOrderQty: 3, stock: 1 }), 2)).toBe('INSUFFICIENT_STOCK');
  });
});
