/**
 * Proof of delivery (/admin/entrega/:pedido_id): pieces, collector and a PNG signature recorded with the
 * order, which becomes delivered through the transition rules; shown to the seller and to the buyer; one proof even
 * when submitted 20 times at once; bad input is a translated 4xx; another store sees nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { buyOneItemPaid } from '../helpers/payments.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { expectLedgerReconciles } from '../helpers/ledger.js';
import { deliveryProofs, orderStatusHistory } from '../../src/server/db/schema/index.js';

describe('proof of delivery', () => {
  let t: TestApp;
  let store: StoreFixture;
  let other: StoreFixture;
  let seller: string;
  let otherSeller: string;
  let buyer: string;
  let addressId: string;
  let png: string;

  beforeAll(async () => {
    t = await createTestApp({ BALANCE_RELEASE_DAYS: '0' });
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    other = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'VASO',
      name: 'Vaso',
      variants: [{ sku: 'VASO-1', options: {}, priceCents: 5000, stock: 500 }],
    });
    seller = (await createSellerFixture(t.app, store.id)).token;
    otherSeller = (await createSellerFixture(t.app, other.id)).token;
    buyer = (await createCustomerFixture(t.app, store)).token;
    addressId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: { 'x-store-domain': store.hostname, authorization: `Bearer ${buyer}` },
        payload: TEST_ADDRESS,
      })
    ).json().id;
    const buf = await sharp({ create: { width: 200, height: 80, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    png = `data:image/png;base64,${buf.toString('base64')}`;
  });
  afterEach(async () => {
    await expectLedgerReconciles(t.database.db, store.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, payload });

  /** The buyer's card order of `quantity` cups, placed and paid the way the browser does. */
  const paidOrder = (quantity: number) =>
    buyOneItemPaid(t.app, { store, token: buyer }, { codigo: 'VASO', sku: 'VASO-1', quantity }, { addressId });

  async function orderOnTheWay(quantity = 3): Promise<string> {
    const id = (await paidOrder(quantity)).id;
    for (const status of ['ready_to_ship', 'on_the_way'])
      expect((await as(seller, 'POST', `/api/admin/orders/${id}/status`, { status })).statusCode).toBe(200);
    return id;
  }

  it('records the proof, marks the order delivered, and shows it to seller and buyer', async () => {
    const id = await orderOnTheWay();
    const res = await as(seller, 'POST', `/api/admin/orders/${id}/delivery`, {
      piecesDelivered: 3,
      collectorName: 'Luis Recibe',
      signature: png,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().proof).toMatchObject({ piecesDelivered: 3, collectorName: 'Luis Recibe', signature: png });
    const order = (await as(seller, 'GET', `/api/admin/orders/${id}`)).json();
    expect(order.status).toBe('delivered');
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'delivered')));
    expect(history).toHaveLength(1);
    expect(history[0]!.fromStatus).toBe('on_the_way');
    expect((await as(seller, 'GET', `/api/admin/orders/${id}/delivery`)).json().proof.collectorName).toBe(
      'Luis Recibe',
    );
    const forBuyer = await t.app.inject({
      url: `/api/pedidos/${id}/delivery`,
      headers: { 'x-store-domain': store.hostname, authorization: `Bearer ${buyer}` },
    });
    expect(forBuyer.statusCode).toBe(200);
    expect(forBuyer.json().proof).toMatchObject({ piecesDelivered: 3, signature: png });
    // A second proof for a delivered order returns the first, unchanged.
    const again = await as(seller, 'POST', `/api/admin/orders/${id}/delivery`, {
      piecesDelivered: 1,
      collectorName: 'Otra Persona',
      signature: png,
    });
    expect(again.json().proof.collectorName).toBe('Luis Recibe');
    await t.app.jobs.drain();
  });

  it('20 identical submits at once: one proof, one delivered transition, no 500', async () => {
    const id = await orderOnTheWay(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(seller, 'POST', `/api/admin/orders/${id}/delivery`, {
          piecesDelivered: 2,
          collectorName: 'María',
          signature: png,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await t.database.db.select().from(deliveryProofs).where(eq(deliveryProofs.orderId, id))).toHaveLength(1);
    const delivered = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'delivered')));
    expect(delivered).toHaveLength(1);
    await t.app.jobs.drain();
  });

  it('refuses bad input with translated messages, and orders that cannot be delivered', async () => {
    const id = await orderOnTheWay(2);
    const post = (payload: object, lang = 'es') =>
      as(seller, 'POST', `/api/admin/orders/${id}/delivery`, payload, lang);
    const good = { piecesDelivered: 2, collectorName: 'Luis', signature: png };
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`;
    const cases: [object, string, string, string][] = [
      [
        { signature: '' },
        'signature',
        'Falta la firma de quien recibe.',
        'The signature of the person collecting is missing.',
      ],
      [
        { signature: notPng },
        'signature',
        'La firma no es una imagen PNG válida.',
        'The signature is not a valid PNG image.',
      ],
      [{ piecesDelivered: 3 }, 'piecesDelivered', 'Debe tener como máximo 2.', 'Must be at most 2.'],
      [{ collectorName: 'L' }, 'collectorName', 'Debe tener al menos 2 caracteres.', 'Must be at least 2 characters.'],
    ];
    for (const [change, path, es, en] of cases)
      for (const [lang, message] of [
        ['es', es],
        ['en', en],
      ]) {
        const res = await post({ ...good, ...change }, lang);
        expect(res.statusCode, `${JSON.stringify(change).slice(0, 40)} ${res.body}`).toBe(400);
        expect(res.json().fields[0]).toMatchObject({ path, message });
      }
    const huge = await post({ ...good, signature: `data:image/png;base64,${'A'.repeat(400_000)}` });
    expect(huge.statusCode).toBe(400);
    expect((await as(seller, 'GET', `/api/admin/orders/${id}`)).json().status).toBe('on_the_way');

    const paid = (await paidOrder(1)).id;
    const early = await as(seller, 'POST', `/api/admin/orders/${paid}/delivery`, { ...good, piecesDelivered: 1 }, 'en');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'DELIVERY_NOT_ALLOWED',
      message: 'This order cannot be marked delivered: it must be on its way or ready for pickup.',
    });
  });

  it('another store’s seller and other buyers cannot record or read a proof', async () => {
    const id = await orderOnTheWay(1);
    const foreign = await as(otherSeller, 'POST', `/api/admin/orders/${id}/delivery`, {
      piecesDelivered: 1,
      collectorName: 'Intruso',
      signature: png,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await as(otherSeller, 'GET', `/api/admin/orders/${id}/delivery`)).statusCode).toBe(404);
    expect((await as(seller, 'GET', `/api/admin/orders/${id}`)).json().status).toBe('on_the_way');
    await as(seller, 'POST', `/api/admin/orders/${id}/delivery`, {
      piecesDelivered: 1,
      collectorName: 'Luis',
      signature: png,
    });
    const stranger = await createCustomerFixture(t.app, store);
    const res = await t.app.inject({
      url: `/api/pedidos/${id}/delivery`,
      headers: { 'x-store-domain': store.hostname, authorization: `Bearer ${stranger.token}` },
    });
    expect(res.statusCode).toBe(404);
    const otherHost = await t.app.inject({
      url: `/api/pedidos/${id}/delivery`,
      headers: { 'x-store-domain': other.hostname, authorization: `Bearer ${buyer}` },
    });
    expect(otherHost.statusCode).toBeGreaterThanOrEqual(400);
    expect(otherHost.statusCode).toBeLessThan(500);
    await t.app.jobs.drain();
  });
});
