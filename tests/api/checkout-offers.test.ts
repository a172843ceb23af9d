/**
 * The checkout tells a shopper only what the store can do (decision 108): an order over the maximum total is refused
 * with a message that suggests splitting it or asking for a quote (quotes exist: decisions 150, 151).
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
import { submitOrder } from '../helpers/payments.js';

describe('the checkout’s "total too high" message', () => {
  let t: TestApp;
  let store: StoreFixture;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'LUX',
      variants: [{ sku: 'LUX-1', options: {}, priceCents: 60_000_000, stock: 10 }],
    });
  });
  afterAll(async () => t?.close());

  it('suggests splitting the order or asking for a quote, in Spanish and English', async () => {
    for (const [lang, expected] of [
      ['es', 'Divide tu compra o pide una cotización.'],
      ['en', 'Split your purchase or ask for a quote.'],
    ]) {
      const res = await submitOrder(
        t.app,
        { store, lang },
        {
          idempotencyKey: randomUUID(),
          email: 'grande@example.com',
          items: [{ codigo: 'LUX', sku: 'LUX-1', quantity: 2 }],
          address: TEST_ADDRESS,
          shipping: { servicio: 'economico' },
          paymentMethod: 'card',
        },
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('ORDER_TOTAL_TOO_HIGH');
      expect(res.json().message).toContain(expected);
    }
  });
});
