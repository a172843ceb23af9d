/**
 * Store A's seller and buyer tokens can read and change nothing of store B (orders, products, customers'
 * addresses): the answers are 404 or 401, never B's data.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import { eq } from 'drizzle-orm';
import { orders, reviews } from '../../src/server/db/schema/index.js';

describe('tenant isolation', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: { token: string };
  let sellerB: { token: string };
  let buyerA: { token: string };
  let buyerB: { token: string };
  let orderB: { id: string; folio: number };
  let addressB: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, a.id, {
      codigo: 'SAME',
      name: 'Producto de A',
      variants: [{ sku: 'SAME-1', options: {}, priceCents: 1000, stock: 5 }],
    });
    await createProductFixture(t.database.db, b.id, {
      codigo: 'SAME',
      name: 'Producto secreto de B',
      variants: [{ sku: 'SAME-1', options: {}, priceCents: 2000, stock: 5 }],
    });
    await createProductFixture(t.database.db, b.id, {
      codigo: 'ONLYB',
      name: 'Solo en B',
      variants: [{ sku: 'ONLYB-1', options: {}, priceCents: 3000, stock: 5 }],
    });
    sellerA = await createSellerFixture(t.app, a.id);
    sellerB = await createSellerFixture(t.app, b.id);
    buyerA = await createCustomerFixture(t.app, a);
    buyerB = await createCustomerFixture(t.app, b);
    const hb = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerB.token}` };
    addressB = (
      await t.app.inject({ method: 'POST', url: '/api/addresses', headers: hb, payload: TEST_ADDRESS })
    ).json().id;
    // B's buyer places and pays a card order the way the browser does.
    orderB = await buyOneItemPaid(
      t.app,
      { store: b, token: buyerB.token },
      { codigo: 'ONLYB', sku: 'ONLYB-1' },
      { addressId: addressB },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const asSellerA = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${sellerA.token}` }, payload });

  it('A’s seller cannot list, read or change B’s orders', async () => {
    const list = await asSellerA('GET', '/api/admin/orders');
    expect(list.json().items.map((o: { id: string }) => o.id)).not.toContain(orderB.id);
    expect((await asSellerA('GET', `/api/admin/orders/${orderB.id}`)).statusCode).toBe(404);
    const change = await asSellerA('POST', `/api/admin/orders/${orderB.id}/status`, { status: 'cancelled' });
    expect(change.statusCode).toBe(404);
    expect(change.body).not.toContain(String(orderB.folio));
    // A's seller sending B's domain still only reaches A: admin routes take the store from the token.
    const viaDomain = await t.app.inject({
      url: `/api/admin/orders/${orderB.id}`,
      headers: { authorization: `Bearer ${sellerA.token}`, 'x-store-domain': b.hostname },
    });
    expect(viaDomain.statusCode).toBe(404);
    const stock = (await getVariantsForCheckout({ db: t.database.db, storeId: b.id }, ['ONLYB-1']))[0].stock;
    expect(stock).toBe(4);
  });

  it('A’s buyer cannot read B’s orders or addresses, even on B’s domain', async () => {
    const onA = { 'x-store-domain': a.hostname, authorization: `Bearer ${buyerA.token}` };
    const onB = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerA.token}` };
    expect((await t.app.inject({ url: `/api/pedidos/${orderB.id}`, headers: onA })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/pedidos/${orderB.id}`, headers: onB })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/pedidos', headers: onB })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/addresses', headers: onB })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: onB })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/addresses/${addressB}`, headers: onA })).statusCode).toBe(
      404,
    );
    const listA = await t.app.inject({ url: '/api/addresses', headers: onA });
    expect(listA.json()).toEqual([]);
  });

  it('A’s buyer cannot edit B’s addresses or B’s buyer’s account, even on B’s domain', async () => {
    const onA = { 'x-store-domain': a.hostname, authorization: `Bearer ${buyerA.token}` };
    const onB = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerA.token}` };
    const edit = { ...TEST_ADDRESS, street: 'Calle de A' };
    for (const headers of [onA, onB]) {
      const expected = headers === onA ? 404 : 401;
      const put = await t.app.inject({ method: 'PUT', url: `/api/addresses/${addressB}`, headers, payload: edit });
      expect(put.statusCode).toBe(expected);
      const def = await t.app.inject({ method: 'POST', url: `/api/addresses/${addressB}/default`, headers });
      expect(def.statusCode).toBe(expected);
    }
    // On B's domain A's token is nobody: every account operation answers 401.
    const account: [string, string, object][] = [
      ['PATCH', '/api/account/profile', { fullName: 'Intruso de A' }],
      ['POST', '/api/account/email', { newEmail: 'intruso@example.com', currentPassword: 'x' }],
      [
        'POST',
        '/api/account/password',
        { currentPassword: 'x', newPassword: 'Nueva-Clave-9x', newPasswordConfirm: 'Nueva-Clave-9x' },
      ],
      ['POST', '/api/account/delete', { currentPassword: 'x' }],
    ];
    for (const [method, url, payload] of account)
      expect((await t.app.inject({ method: method as 'POST', url, headers: onB, payload })).statusCode).toBe(401);
    const hb = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerB.token}` };
    const listB = (await t.app.inject({ url: '/api/addresses', headers: hb })).json();
    expect(listB).toEqual([expect.objectContaining({ id: addressB, street: TEST_ADDRESS.street })]);
    expect((await t.app.inject({ url: '/api/user', headers: hb })).json().fullName).not.toBe('Intruso de A');
  });

  it('A’s buyer cannot order with B’s saved address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': a.hostname, authorization: `Bearer ${buyerA.token}` },
      payload: {
        idempotencyKey: randomUUID(),
        items: [{ codigo: 'SAME', sku: 'SAME-1', quantity: 1 }],
        addressId: addressB,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ADDRESS_NOT_FOUND');
  });

  it('each domain sees only its own products, even with the same code', async () => {
    const pa = (await t.app.inject({ url: '/api/productos/SAME', headers: { 'x-store-domain': a.hostname } })).json();
    expect(pa.name).toBe('Producto de A');
    expect(
      (await t.app.inject({ url: '/api/productos/ONLYB', headers: { 'x-store-domain': a.hostname } })).statusCode,
    ).toBe(404);
    const vistos = (
      await t.app.inject({
        method: 'POST',
        url: '/api/getVistos',
        headers: { 'x-store-domain': a.hostname },
        payload: { codigosStrings: 'ONLYB,SAME' },
      })
    ).json();
    expect(vistos.map((p: { name: string }) => p.name)).toEqual(['Producto de A']);
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        headers: { 'x-store-domain': a.hostname },
        payload: { items: [{ codigo: 'ONLYB', sku: 'ONLYB-1', quantity: 1 }] },
      })
    ).json();
    expect(quote.lines[0].problem).toBe('PRODUCT_NOT_AVAILABLE');
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': a.hostname },
      payload: {
        idempotencyKey: randomUUID(),
        email: 'x@example.com',
        items: [{ codigo: 'ONLYB', sku: 'ONLYB-1', quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    expect(buy.statusCode).toBe(409);
    expect((await getVariantsForCheckout({ db: t.database.db, storeId: b.id }, ['ONLYB-1']))[0].stock).toBe(4);
  });

  it('B’s buyer cannot sign in on A’s domain, and an unknown domain has no store', async () => {
    const res = await t.app.inject({
      url: '/api/reseller/configwebsite',
      headers: { 'x-store-domain': 'nadie.localhost' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('STORE_NOT_FOUND');
  });

  it('a buyer token does not open the admin', async () => {
    expect(
      (await t.app.inject({ url: '/api/admin/orders', headers: { authorization: `Bearer ${buyerA.token}` } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });

  it('A’s seller and buyer cannot read, answer or block B’s conversations', async () => {
    const hb = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerB.token}` };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: hb,
      payload: { subject: { kind: 'product', codigo: 'ONLYB' }, body: 'Pregunta privada de B' },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().conversation.id as string;
    const seller = { authorization: `Bearer ${sellerA.token}` };
    for (const [method, url, payload] of [
      ['GET', `/api/admin/messages/${id}`, undefined],
      ['POST', `/api/admin/messages/${id}`, { body: 'Hola' }],
      ['PUT', `/api/admin/messages/${id}/block`, { blocked: true }],
    ] as const)
      expect((await t.app.inject({ method, url, headers: seller, payload })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/messages', headers: seller })).json().conversations).toEqual([]);
    const ha = { 'x-store-domain': a.hostname, authorization: `Bearer ${buyerA.token}` };
    expect((await t.app.inject({ url: `/api/messages/${id}`, headers: ha })).statusCode).toBe(404);
    // On B's domain A's buyer is nobody.
    const onB = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerA.token}` };
    expect((await t.app.inject({ url: `/api/messages/${id}`, headers: onB })).statusCode).toBe(401);
  });

  it('A’s seller and buyer cannot read, answer, decline or accept B’s quotes', async () => {
    const hb = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerB.token}` };
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/cotizaciones',
      headers: hb,
      payload: {
        codigo: 'ONLYB',
        destinationCountry: 'MX',
        destinationCity: 'Monterrey',
        quantity: 2,
        services: { freight: false, insurance: false, customs: false, delivery: false, consulting: false },
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const answer = {
      tiers: [{ quantity: 2, unitPriceCents: 2_500 }],
      leadTimeDays: 5,
      incoterm: 'EXW',
      services: [],
      dutyRateBps: null,
      validUntil: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    };
    for (const [method, url, payload] of [
      ['GET', `/api/admin/quotes/${id}`, undefined],
      ['PUT', `/api/admin/quotes/${id}`, answer],
    ] as const)
      expect(
        (await t.app.inject({ method, url, headers: { authorization: `Bearer ${sellerA.token}` }, payload }))
          .statusCode,
      ).toBe(404);
    const listed = (await asSellerA('GET', '/api/admin/quotes')).json().quotes as { id: string }[];
    expect(listed.map((q) => q.id)).not.toContain(id);
    const ha = { 'x-store-domain': a.hostname, authorization: `Bearer ${buyerA.token}` };
    expect((await t.app.inject({ url: `/api/cotizaciones/${id}`, headers: ha })).statusCode).toBe(404);
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: ha,
      payload: {
        idempotencyKey: randomUUID(),
        items: [],
        quote: { id, tier: 0 },
        address: TEST_ADDRESS,
        shipping: { servicio: 'paquete' },
        paymentMethod: 'card',
      },
    });
    expect(accept.statusCode).toBe(404);
    // On B's domain A's buyer is nobody.
    const onB = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerA.token}` };
    expect((await t.app.inject({ url: `/api/cotizaciones/${id}`, headers: onB })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/cotizaciones/${id}/rechazar`, headers: onB, payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('A’s seller and buyer cannot read, hide, answer, edit, delete or report B’s reviews and reports', async () => {
    // B's buyer received the order and reviews the product; the publishing job shows it.
    await t.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, orderB.id));
    const hb = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerB.token}` };
    const review = { rating: 4, title: 'Reseña de B', comment: 'Solo la tienda B debe verla.' };
    const written = await t.app.inject({
      method: 'POST',
      url: '/api/productos/ONLYB/resenas',
      headers: hb,
      payload: review,
    });
    expect(written.statusCode, written.body).toBe(201);
    const id = written.json().id as string;
    await t.database.db
      .update(reviews)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(reviews.id, id));
    await t.app.jobs.enqueue('reviews-publish', {});
    await t.app.jobs.drain();
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/productos/ONLYB/reportes',
      headers: { 'x-store-domain': b.hostname },
      payload: { reason: 'other', details: 'Reporte privado de B' },
    });
    expect(reported.statusCode).toBe(201);

    const seller = { authorization: `Bearer ${sellerA.token}` };
    const listed = await t.app.inject({ url: '/api/admin/reviews', headers: seller });
    expect(listed.body).not.toContain(id);
    expect(listed.body).not.toContain('Reporte privado de B');
    expect((await t.app.inject({ url: '/api/admin/reviews?codigo=ONLYB', headers: seller })).statusCode).toBe(404);
    for (const [url, payload] of [
      [`/api/admin/reviews/${id}/visibility`, { visible: false }],
      [`/api/admin/reviews/${id}/answer`, { answer: 'Respuesta ajena' }],
    ] as const)
      expect((await t.app.inject({ method: 'POST', url, headers: seller, payload })).statusCode).toBe(404);
    const reportId = (
      await t.app.inject({ url: '/api/admin/reviews', headers: { authorization: `Bearer ${sellerB.token}` } })
    ).json().productReports[0].id as string;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/product-reports/${reportId}/dismiss`,
          headers: seller,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);

    const ha = { 'x-store-domain': a.hostname, authorization: `Bearer ${buyerA.token}` };
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/resenas/${id}`, headers: ha, payload: review })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/resenas/${id}`, headers: ha })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/resenas/${id}/reportes`,
          headers: ha,
          payload: { reason: 'spam' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/resenas', headers: ha })).json().reviews).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/productos/ONLYB/resenas', headers: ha, payload: review }))
        .statusCode,
    ).toBe(404);
    // On B's domain A's buyer is nobody.
    const onB = { 'x-store-domain': b.hostname, authorization: `Bearer ${buyerA.token}` };
    expect((await t.app.inject({ method: 'DELETE', url: `/api/resenas/${id}`, headers: onB })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/productos/ONLYB/resenas', headers: onB, payload: review }))
        .statusCode,
    ).toBe(401);
    // B's review is still there, visible and unanswered.
    const detail = (
      await t.app.inject({ url: '/api/productos/ONLYB', headers: { 'x-store-domain': b.hostname } })
    ).json();
    expect(detail.reviews.map((r: { id: string; answer: string | null }) => [r.id, r.answer])).toEqual([[id, null]]);
  });
});
