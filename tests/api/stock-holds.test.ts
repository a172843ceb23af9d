/**
 * Stock hoarding (decision 097): an unpaid order holds stock nobody else can buy, so what one line, one unpaid order
 * and one client (by email and by client address) may hold is capped per store (defaults 20 per line, 50 per order,
 * 100 held by one email and 300 by one address across its unpaid orders; the seller may change them), and a card
 * order whose card is not confirmed frees its stock after a few minutes (10 by default). OXXO keeps its own 10-unit
 * line cap and its 3-day voucher. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import { orders } from '../../src/server/db/schema/index.js';

describe(`stock held by unpaid orders (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let other: StoreFixture;
  let seller: string;
  const SKUS = ['H1', 'H2', 'H3', 'H4', 'H5'];

  const stock = async (sku: string, s = store) =>
    (await getVariantsForCheckout({ db: t.database.db, storeId: s.id }, [sku]))[0].stock;
  const submit = (
    items: { codigo: string; sku: string; quantity: number }[],
    opts: { email?: string; ip?: string; method?: 'card' | 'oxxo'; lang?: string; s?: StoreFixture } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': (opts.s ?? store).hostname, 'accept-language': opts.lang ?? 'es' },
      remoteAddress: opts.ip ?? `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: {
        idempotencyKey: randomUUID(),
        email: opts.email ?? `${randomUUID()}@example.com`,
        items,
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: opts.method ?? 'card',
      },
    });
  const asSeller = (method: 'GET' | 'PUT', payload?: object, lang = 'es') =>
    t.app.inject({
      method,
      url: '/api/admin/order-limits',
      payload,
      headers: { authorization: `Bearer ${seller}`, 'accept-language': lang },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    other = await createStoreFixture(t.database.db);
    for (const s of [store, other])
      await createProductFixture(t.database.db, s.id, {
        codigo: 'HOLD',
        variants: SKUS.map((sku) => ({ sku, options: { n: sku }, priceCents: 1_000, stock: 5_000 })),
      });
    seller = (await createSellerFixture(t.app, store.id)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const items = (perLine: number[]) => perLine.map((q, i) => ({ codigo: 'HOLD', sku: SKUS[i], quantity: q }));

  it('caps the units of one line (default 20), before anything is reserved, in the buyer’s language', async () => {
    const before = await stock('H1');
    const over = await submit(items([21]));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'LINE_UNITS_LIMIT', params: { max: 20 } });
    expect(over.json().message).toMatch(/hasta 20 piezas/);
    const en = await submit(items([21]), { lang: 'en' });
    expect(en.json().message).toMatch(/up to 20 units/);
    expect(await stock('H1')).toBe(before);
    expect((await submit(items([20]))).statusCode).toBe(201);
  });

  it('caps the units of one unpaid order (default 50)', async () => {
    const over = await submit(items([20, 20, 11]));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'ORDER_UNITS_LIMIT', params: { max: 50 } });
    expect((await submit(items([20, 20, 10]))).statusCode).toBe(201);
  });

  it('counts the units one client holds across its unpaid orders: 100 per email, 300 per address', async () => {
    const email = 'acaparador@example.com';
    expect((await submit(items([20, 20, 10]), { email })).statusCode).toBe(201);
    expect((await submit(items([20, 20, 10]), { email })).statusCode).toBe(201);
    const third = await submit(items([1]), { email });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({ code: 'HELD_UNITS_LIMIT', params: { max: 100 } });

    // One address, many emails, 20 submits at once: never more than 300 units held, and no 500.
    const ip = '203.0.113.77';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => submit(items([20, 20, 10]), { ip, email: `${randomUUID()}@example.com` })),
    );
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(6);
    expect(new Set(answers.filter((r) => r.statusCode === 422).map((r) => r.json().code))).toEqual(
      new Set(['HELD_UNITS_LIMIT']),
    );
  });

  it('an unconfirmed card order holds its stock 10 minutes; the sweep then frees it', async () => {
    const before = await stock('H5');
    const res = await submit([{ codigo: 'HOLD', sku: 'H5', quantity: 7 }]);
    expect(res.statusCode).toBe(201);
    expect(await stock('H5')).toBe(before - 7);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    const left = row.reservationExpiresAt!.getTime() - Date.now();
    expect(left).toBeLessThanOrEqual(10 * 60_000);
    expect(left).toBeGreaterThan(9 * 60_000);
    const sweep = (minutes: number) =>
      runPaymentSweep(
        { db: t.database.db, providers: t.app.providers, log: t.app.log },
        new Date(Date.now() + minutes * 60_000),
      );
    await sweep(9);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('pending');
    await sweep(11);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('cancelled');
    expect(await stock('H5')).toBe(before);
  });

  it('OXXO keeps its own rules: 10 units per line, stock held until the voucher expires', async () => {
    const over = await submit(items([11]), { method: 'oxxo' });
    expect(over.json()).toMatchObject({ code: 'UNPAID_LINE_LIMIT', params: { max: 10 } });
    const ok = await submit(items([10]), { method: 'oxxo' });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, ok.json().order.id));
    expect(row.reservationExpiresAt!.getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
  });

  it('the seller sets the store’s caps and hold time; bad values are translated 400s; other stores keep theirs', async () => {
    expect((await asSeller('GET')).json()).toEqual({
      maxUnitsPerLine: 20,
      maxUnitsPerOrder: 50,
      maxHeldUnitsPerClient: 100,
      cardHoldMinutes: 10,
    });
    const bad = await asSeller(
      'PUT',
      { maxUnitsPerLine: 0, maxUnitsPerOrder: 10, maxHeldUnitsPerClient: 5, cardHoldMinutes: 500 },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['cardHoldMinutes', 'maxHeldUnitsPerClient', 'maxUnitsPerLine'].sort());
    const saved = await asSeller('PUT', {
      maxUnitsPerLine: 40,
      maxUnitsPerOrder: 80,
      maxHeldUnitsPerClient: 160,
      cardHoldMinutes: 5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const big = await submit(items([40, 40]));
    expect(big.statusCode, big.body).toBe(201);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, big.json().order.id));
    expect(row.reservationExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const elsewhere = await submit(items([40]), { s: other });
    expect(elsewhere.json()).toMatchObject({ code: 'LINE_UNITS_LIMIT', params: { max: 20 } });
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/admin/order-limits', payload: saved.json() });
    expect(anonymous.statusCode).toBe(401);
  });
});
