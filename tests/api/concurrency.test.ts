/**
 * 50 concurrent checkouts of a product with 5 units left give exactly 5 orders
 * and never oversell. Runs on PGlite, and on the real PostgreSQL server when TEST_DATABASE_URL is set (CI).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { confirmCardAtSandbox, returnFromProvider, submitOrder } from '../helpers/payments.js';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

describe('concurrent checkouts of the last units', () => {
  let t: TestApp;
  let store: StoreFixture;
  let product: { codigo: string; skus: string[] };

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    product = await createProductFixture(t.database.db, store.id, {
      variants: [{ sku: 'LAST-5', options: {}, priceCents: 25000, stock: 5 }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`sells exactly 5 of 5 units to 50 simultaneous buyers (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    // Each buyer does what the browser does: submits the order, then (if it got one) pays its card at the provider.
    const buyer = async (i: number) => {
      const res = await submitOrder(
        t.app,
        { store },
        {
          idempotencyKey: randomUUID(),
          email: `buyer${i}@example.com`,
          items: [{ codigo: product.codigo, sku: 'LAST-5', quantity: 1 }],
          address: TEST_ADDRESS,
          shipping: { servicio: 'economico' },
          paymentMethod: 'card',
        },
      );
      if (res.statusCode !== 201) return { res, back: null };
      const placed = res.json() as PlaceOrderResponse;
      expect((await confirmCardAtSandbox(t.app, placed, '4242 4242 4242 4242')).json().status).toBe('succeeded');
      return { res, back: await returnFromProvider(t.app, { store }, placed) };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => buyer(i)));
    const created = answers.filter((a) => a.res.statusCode === 201);
    const refused = answers.filter((a) => a.res.statusCode === 409).map((a) => a.res);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect(new Set(refused.map((r) => r.json().code))).toEqual(new Set(['OUT_OF_STOCK']));
    expect(answers.every((a) => a.res.statusCode === 201 || a.res.statusCode === 409)).toBe(true);
    for (const a of created) expect(a.back!.json().status).toBe('paid');
    expect(new Set(created.map((a) => a.res.json().order.folio)).size).toBe(5);

    const [variant] = await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, ['LAST-5']);
    expect(variant.stock).toBe(0);
  });
});
