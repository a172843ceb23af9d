/**
 * What one unpaid order and one visitor can hold, and the largest order (decision 028,
 * src/shared/limits.ts). An OXXO line is capped, an OXXO voucher is at most MX$10,000, one email and one client IP
 * have a bounded number of unpaid orders per store (even when 20 submits race), stock waits the store's card hold
 * (10 minutes by default, decision 097) — not 3 days, not 30 minutes — until a voucher exists or while 3-D Secure is
 * unanswered, and a total above the documented
 * maximum (or above 2^31-1 centavos, never a 500) is a translated 422 before anything is reserved. Money
 * columns are bigint. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { payPlacedOrder, TEST_CARD_NUMBERS } from '../helpers/payments.js';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import { buildOrderView, insertOrder } from '../../src/server/modules/orders/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import { orders } from '../../src/server/db/schema/index.js';
import {
  MAX_ORDER_TOTAL_CENTS,
  MAX_UNPAID_LINE_QUANTITY,
  MAX_UNPAID_ORDERS_PER_EMAIL,
  MAX_UNPAID_ORDERS_PER_IP,
  UNCONFIRMED_HOLD_MS,
} from '../../src/shared/limits.js';

describe(`unpaid-order limits and the largest order (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let failVoucher = false;
  const stock = async (sku: string) =>
    (await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, [sku]))[0].stock;
  const submit = (
    items: { codigo: string; sku: string; quantity: number }[],
    opts: { email?: string; ip?: string; method?: 'card' | 'oxxo'; lang?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': store.hostname, 'accept-language': opts.lang ?? 'es' },
      remoteAddress: opts.ip ?? '198.51.100.7',
      payload: {
        idempotencyKey: randomUUID(),
        email: opts.email ?? `${randomUUID()}@example.com`,
        items,
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: opts.method ?? 'oxxo',
      },
    });
  const cheap = (quantity: number) => [{ codigo: 'LIM', sku: 'LIM-1', quantity }];

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        wrapPayments: (real) => ({
          ...real,
          async createPayment(input) {
            if (failVoucher && input.method === 'oxxo') throw new Error('the process died before the voucher');
            return real.createPayment(input);
          },
        }),
      },
    );
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'LIM',
      variants: [{ sku: 'LIM-1', options: {}, priceCents: 1000, stock: 2000 }],
    });
    await createProductFixture(t.database.db, store.id, {
      codigo: 'MID',
      variants: [{ sku: 'MID-1', options: {}, priceCents: 1_200_000, stock: 10 }],
    });
    await createProductFixture(t.database.db, store.id, {
      codigo: 'LUX',
      variants: [{ sku: 'LUX-1', options: {}, priceCents: 2_000_000_000, stock: 10 }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`caps an OXXO line at ${MAX_UNPAID_LINE_QUANTITY} units (a card line at the store's cap, 20 by default)`, async () => {
    const before = await stock('LIM-1');
    const over = await submit(cheap(MAX_UNPAID_LINE_QUANTITY + 1), { ip: '203.0.113.1' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'UNPAID_LINE_LIMIT', params: { max: MAX_UNPAID_LINE_QUANTITY } });
    expect(over.json().message).toContain(`hasta ${MAX_UNPAID_LINE_QUANTITY} piezas`);
    expect(await stock('LIM-1')).toBe(before);
    expect((await submit(cheap(MAX_UNPAID_LINE_QUANTITY), { ip: '203.0.113.1' })).statusCode).toBe(201);
    // A card line is capped too, at the store's own line cap (decision 097; tests/api/stock-holds.test.ts).
    expect((await submit(cheap(21), { ip: '203.0.113.1', method: 'card' })).json().code).toBe('LINE_UNITS_LIMIT');
    const card = await submit(cheap(20), { ip: '203.0.113.1', method: 'card' });
    expect(card.statusCode).toBe(201);
    // The browser then pays it at the provider.
    expect((await payPlacedOrder(t.app, { store }, card.json())).json().status).toBe('paid');
  });

  it('refuses an OXXO voucher above MX$10,000', async () => {
    const res = await submit([{ codigo: 'MID', sku: 'MID-1', quantity: 1 }], { ip: '203.0.113.2', lang: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'OXXO_AMOUNT_TOO_HIGH',
      message: expect.stringContaining('MX$10,000.00'),
    });
  });

  it(`allows ${MAX_UNPAID_ORDERS_PER_EMAIL} unpaid orders per email even when 20 submits race`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(cheap(1), { email: 'hoarder@example.com', ip: `192.0.2.${i + 1}` })),
    );
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_UNPAID_ORDERS_PER_EMAIL);
    const refused = answers.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(20 - MAX_UNPAID_ORDERS_PER_EMAIL);
    expect(new Set(refused.map((r) => r.json().code))).toEqual(new Set(['UNPAID_ORDERS_LIMIT']));
  });

  it(`allows ${MAX_UNPAID_ORDERS_PER_IP} unpaid orders per client IP, and keeps only a keyed hash of the IP`, async () => {
    const ip = '198.51.100.99';
    const answers = [];
    for (let i = 0; i <= MAX_UNPAID_ORDERS_PER_IP; i++) answers.push(await submit(cheap(1), { ip }));
    expect(answers.slice(0, -1).every((r) => r.statusCode === 201)).toBe(true);
    expect(answers.at(-1)!.json().code).toBe('UNPAID_ORDERS_LIMIT');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, answers[0].json().order.id));
    expect(row.clientIpHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
    // Another visitor is not affected.
    expect((await submit(cheap(1), { ip: '198.51.100.100' })).statusCode).toBe(201);
  });

  it('frees the stock of an OXXO order whose voucher was never issued after the card hold (10 minutes), not 3 days', async () => {
    // Its own product: the sweep below also settles what earlier tests left pending, which must not move this count.
    await createProductFixture(t.database.db, store.id, {
      codigo: 'NOV',
      variants: [{ sku: 'NOV-1', options: {}, priceCents: 1000, stock: 20 }],
    });
    failVoucher = true;
    const res = await submit([{ codigo: 'NOV', sku: 'NOV-1', quantity: 5 }], {
      ip: '203.0.113.9',
      email: 'novoucher@example.com',
    });
    failVoucher = false;
    expect(res.statusCode).toBe(500);
    expect(await stock('NOV-1')).toBe(15);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.email, 'novoucher@example.com'));
    expect(row.reservationExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(UNCONFIRMED_HOLD_MS);
    await runPaymentSweep(
      { db: t.database.db, providers: t.app.providers, log: t.app.log },
      new Date(Date.now() + UNCONFIRMED_HOLD_MS + 60_000),
    );
    expect((await t.database.db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('cancelled');
    expect(await stock('NOV-1')).toBe(20);
  });

  it('holds stock the card hold (10 minutes) while 3-D Secure is unanswered, and until the voucher expires once it exists', async () => {
    const tds = await submit(cheap(1), { method: 'card', ip: '203.0.113.5' });
    // The browser sends the card to the provider, which asks for 3-D Secure; the shopper does not answer.
    const challenged = await payPlacedOrder(t.app, { store }, tds.json(), TEST_CARD_NUMBERS.challenge);
    expect(challenged.json()).toMatchObject({ status: 'pending', payment: { status: 'requires_action' } });
    const oxxo = await submit(cheap(1), { ip: '203.0.113.5' });
    const hold = async (id: string) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0].reservationExpiresAt!.getTime() -
      Date.now();
    expect(await hold(tds.json().order.id)).toBeLessThanOrEqual(UNCONFIRMED_HOLD_MS);
    expect(await hold(tds.json().order.id)).toBeGreaterThan(UNCONFIRMED_HOLD_MS - 60_000);
    expect(await hold(oxxo.json().order.id)).toBeGreaterThan(3 * 86_400_000 - 60_000);
  });

  it('refuses a total above the documented maximum (and above 2^31-1 centavos) with a translated 422', async () => {
    const before = await stock('LUX-1');
    const res = await submit([{ codigo: 'LUX', sku: 'LUX-1', quantity: 2 }], { method: 'card', ip: '203.0.113.3' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'ORDER_TOTAL_TOO_HIGH',
      message: expect.stringContaining('$1,000,000.00'),
    });
    expect(await stock('LUX-1')).toBe(before);
    expect(MAX_ORDER_TOTAL_CENTS).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('keeps money in bigint columns: a total above 2^31-1 centavos is stored and read back exactly', async () => {
    const types = (await t.database.db.execute(
      sql`select table_name, column_name, data_type from information_schema.columns
          where table_name in ('orders', 'order_items', 'payments') and column_name like '%cents'`,
    )) as unknown as { rows: { column_name: string; data_type: string }[] };
    const rows = types.rows;
    expect(rows.length).toBe(9); // with order_items.wholesale_unit_cents (a listing line's wholesale price)
    expect(rows.filter((r) => r.data_type !== 'bigint')).toEqual([]);
    const big = 2 ** 31 + 12_345;
    const order = await t.database.db.transaction((tx) =>
      insertOrder(
        { db: tx, storeId: store.id },
        {
          folio: 999_999,
          customerId: null,
          email: 'big@example.com',
          paymentMethod: 'card',
          lang: 'es',
          itemsCents: big,
          shippingCents: 0,
          feeCents: 0,
          discountCents: 0,
          totalCents: big,
          platformFeeBps: 350,
          shippingType: 'pickup',
          shipping: { proveedor: 'x', servicio: 'pickup', precio: 0 },
          address: null,
          idempotencyKey: randomUUID(),
          viewToken: 'v',
          reservationExpiresAt: new Date(),
          storefrontOrigin: null,
          clientIpHash: null,
          items: [
            {
              productId: null as unknown as string,
              variantId: null as unknown as string,
              codigo: 'BIG',
              sku: 'BIG-1',
              name: 'Grande',
              options: {},
              imageUrl: null,
              unitPriceCents: big,
              quantity: 1,
              lineTotalCents: big,
            },
          ],
        },
      ),
    );
    const view = await buildOrderView({ db: t.database.db }, order);
    expect(view.totalCents).toBe(big);
    expect(typeof view.totalCents).toBe('number');
  });
});
