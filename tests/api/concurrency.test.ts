/**
 * Issue 2 "Correctness that must hold": 50 concurrent checkouts of a product with 5 units left give exactly 5 orders
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
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';

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
    const attempts = Array.from({ length: 50 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pedido',
        headers: { 'x-store-domain': store.hostname },
        payload: {
          idempotencyKey: randomUUID(),
          email: `buyer${i}@example.com`,
          items: [{ codigo: product.codigo, sku: 'LAST-5', quantity: 1 }],
          address: TEST_ADDRESS,
          shipping: { servicio: 'economico' },
          paymentMethod: 'card',
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Test Buyer' },
        },
      }),
    );
    const answers = await Promise.all(attempts);
    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect(new Set(refused.map((r) => r.json().code))).toEqual(new Set(['OUT_OF_STOCK']));
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    for (const r of created) expect(r.json().order.status).toBe('paid');
    expect(new Set(created.map((r) => r.json().order.folio)).size).toBe(5);

    const [variant] = await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, ['LAST-5']);
    expect(variant.stock).toBe(0);
  });
});
