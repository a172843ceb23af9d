/**
 * The first sale end to end through the API: accounts, addresses, postal codes, shipping quotes, card (approved,
 * declined, 3-D Secure; paid the way the browser pays, at the provider: decision 056) and OXXO payments, totals,
 * order tracking and the seller's status changes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import {
  answerChallenge,
  payByCardInBrowserFlow,
  payPlacedOrder,
  returnFromProvider,
  TEST_CARD_NUMBERS,
  payVoucher,
} from '../helpers/payments.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { expireOverdueReservations } from '../../src/server/modules/orders/index.js';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import { products } from '../../src/server/db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import type { OrderView, PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

describe('checkout flow', () => {
  let t: TestApp;
  let store: StoreFixture;
  // Each test gets its own product (sizes M: stock 20, L: stock 1), so it runs alone (`-t`) or in any order.
  let codigo: string;
  let M: string;
  let L: string;
  let seller: { token: string };
  const h = () => ({ 'x-store-domain': store.hostname });
  const order = (payload: Record<string, unknown>, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { ...h(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: {
        idempotencyKey: randomUUID(),
        items: [{ codigo, sku: `${codigo}-M`, quantity: 2 }],
        shipping: { servicio: 'economico' },
        ...payload,
      },
    });
  // A card order as the browser pays it: the order, the card at the sandbox (default approved), the return.
  const cardOrder = (payload: Record<string, unknown>, opts: { token?: string; card?: string } = {}) =>
    payByCardInBrowserFlow(
      t.app,
      { store, token: opts.token },
      {
        idempotencyKey: randomUUID(),
        items: [{ codigo, sku: `${codigo}-M`, quantity: 2 }],
        shipping: { servicio: 'economico' },
        ...payload,
      },
      { card: opts.card },
    );
  const stockOf = async (sku: string) =>
    (await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, [sku]))[0].stock;
  const soldCountOf = async (c: string) =>
    (
      await t.database.db
        .select({ n: products.soldCount })
        .from(products)
        .where(and(eq(products.storeId, store.id), eq(products.codigo, c)))
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db, { oxxoFeeCents: 1500 });
    seller = await createSellerFixture(t.app, store.id);
  });
  beforeEach(async () => {
    codigo = `X${randomUUID().slice(0, 8)}`.toUpperCase();
    [M, L] = [`${codigo}-M`, `${codigo}-L`];
    await createProductFixture(t.database.db, store.id, {
      name: 'Chamarra impermeable',
      minOrderQty: 1,
      weightGrams: 800,
      dimensionsCm: { length: 30, width: 25, height: 10 },
      variants: [
        { sku: M, options: { talla: 'M' }, priceCents: 99900, stock: 20 },
        { sku: L, options: { talla: 'L' }, priceCents: 104900, stock: 1 },
      ],
      codigo,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('looks up a postal code (state, municipality, colonias) and 404s an unknown one', async () => {
    const ok = await t.app.inject({ url: '/api/postal-codes/06700', headers: h() });
    expect(ok.json()).toEqual({
      postalCode: '06700',
      state: 'Ciudad de México',
      municipality: 'Cuauhtémoc',
      city: 'Ciudad de México',
      neighborhoods: [{ name: 'Roma Norte', type: 'Colonia' }],
    });
    expect((await t.app.inject({ url: '/api/postal-codes/99999', headers: h() })).json().code).toBe(
      'POSTAL_CODE_NOT_FOUND',
    );
    expect((await t.app.inject({ url: '/api/postal-codes/ABC', headers: h() })).statusCode).toBe(400);
  });

  it('quotes shipping by zone and billable weight', async () => {
    const quote = async (cp: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reseller/packaging/rate-service',
          headers: h(),
          payload: { postalCode: cp, items: [{ codigo, sku: M, quantity: 1 }] },
        })
      ).json();
    const cdmx = await quote('06700');
    expect(cdmx.map((q: { servicio: string }) => q.servicio)).toEqual(['economico', 'paquete', 'pickup']);
    // 800 g, but 30×25×10 cm is 1.5 kg volumetric: billable 2 kg = 99.00 base + 10.00 per extra kg in zone 1.
    expect(cdmx[0].precio).toBe(10900);
    expect(cdmx[2].precio).toBe(0);
    const cancun = await quote('77500');
    expect(cancun[0].precio).toBeGreaterThan(cdmx[0].precio);
  });

  it('reports cart problems with their error codes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      headers: h(),
      payload: {
        items: [
          { codigo, sku: M, quantity: 2 },
          { codigo, sku: L, quantity: 3 },
          { codigo: 'NOPE', sku: 'NOPE-1', quantity: 1 },
        ],
      },
    });
    const body = res.json();
    expect(body.lines.map((l: { problem: string | null }) => l.problem)).toEqual([
      null,
      'INSUFFICIENT_STOCK',
      'PRODUCT_NOT_AVAILABLE',
    ]);
    expect(body.itemsCents).toBe(199800);
  });

  it('places a guest card order whose totals add up, and the buyer can track it with the view token', async () => {
    const { placed, back } = await cardOrder({
      email: 'guest@example.com',
      address: TEST_ADDRESS,
      items: [{ codigo, sku: M, quantity: 2 }],
    });
    expect(placed.order.status).toBe('pending');
    expect(back.statusCode).toBe(200);
    const o = back.body as OrderView;
    const viewToken = placed.viewToken;
    expect(o.status).toBe('paid');
    expect(o.itemsCents).toBe(199800);
    expect(o.shippingCents).toBe(11900);
    expect(o.feeCents).toBe(0);
    expect(o.totalCents).toBe(o.itemsCents + o.shippingCents + o.feeCents - o.discountCents);
    expect(Number.isInteger(o.totalCents)).toBe(true);
    expect(o.payment).toMatchObject({ method: 'card', status: 'succeeded', cardLast4: '4242', cardBrand: 'visa' });
    expect(await stockOf(M)).toBe(18);
    const view = await t.app.inject({ url: `/api/pedidos/${o.id}?viewToken=${viewToken}`, headers: h() });
    expect(view.json().folio).toBe(o.folio);
    expect(
      (await t.app.inject({ url: `/api/pedidos/${o.id}?viewToken=wrong-token-value`, headers: h() })).statusCode,
    ).toBe(404);

    await t.app.jobs.drain();
    const [mail] = mailsTo(t.dataDir, 'guest@example.com');
    expect(mail).toContain(`Este es tu pedido ${o.folio}.`);
    expect(mail).toContain('Recibimos tu pago y ya estamos preparando tu pedido.');
    expect(mail).toContain('2 × Chamarra impermeable (Talla: M)  $1,998.00');
    expect(mail).toContain('Total: $2,117.00');
    expect(mail).toContain(`/pedidos/pedido?id=${o.id}&t=${viewToken}`);
  });

  it('returns the same order when a submit is retried with the same idempotency key', async () => {
    const key = randomUUID();
    const payload = {
      idempotencyKey: key,
      email: 'retry@example.com',
      address: TEST_ADDRESS,
      paymentMethod: 'card',
      items: [{ codigo, sku: M, quantity: 1 }],
      shipping: { servicio: 'economico' },
    };
    const a = await t.app.inject({ method: 'POST', url: '/api/pedido', headers: h(), payload });
    const b = await t.app.inject({ method: 'POST', url: '/api/pedido', headers: h(), payload });
    expect(a.json().order.id).toBe(b.json().order.id);
    expect(b.json().viewToken).toBe(a.json().viewToken);
    expect((await payPlacedOrder(t.app, { store }, a.json())).json().status).toBe('paid');
    // A retry after the payment still answers the same order.
    const c = await t.app.inject({ method: 'POST', url: '/api/pedido', headers: h(), payload });
    expect(c.json().order).toMatchObject({ id: a.json().order.id, status: 'paid' });
    expect(await stockOf(M)).toBe(19);
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, 'retry@example.com')).toHaveLength(1);
  });

  it('cancels the order and releases the stock when the card is declined', async () => {
    const { confirmed, back } = await cardOrder(
      { email: 'declined@example.com', address: TEST_ADDRESS },
      { card: TEST_CARD_NUMBERS.declined },
    );
    expect(confirmed).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    expect(back.statusCode).toBe(422);
    expect(back.body.code).toBe('PAYMENT_DECLINED');
    expect(await stockOf(M)).toBe(20);
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, 'declined@example.com')).toHaveLength(0);
  });

  it('asks for 3-D Secure and pays after the challenge is approved; a failed challenge releases the stock', async () => {
    const first = await cardOrder(
      { email: '3ds@example.com', address: TEST_ADDRESS },
      { card: TEST_CARD_NUMBERS.challenge },
    );
    const a = first.placed;
    expect(first.confirmed.status).toBe('requires_action');
    expect(first.back.body.status).toBe('pending');
    expect(first.back.body.payment?.status).toBe('requires_action');
    expect(await stockOf(M)).toBe(18);
    // The shopper answers at the sandbox bank; the app hears it by signed webhook, then the page asks the server.
    expect((await answerChallenge(t.app, first.confirmed.challengeId!, true)).json()).toEqual({
      status: 'succeeded',
      notified: true,
    });
    const ok = await returnFromProvider(t.app, { store }, a);
    expect(ok.json().status).toBe('paid');
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, '3ds@example.com')[0]).toContain(`/pedidos/pedido?id=${a.order.id}&t=${a.viewToken}`);

    const second = await cardOrder(
      { email: '3ds2@example.com', address: TEST_ADDRESS },
      { card: TEST_CARD_NUMBERS.challenge },
    );
    await answerChallenge(t.app, second.confirmed.challengeId!, false);
    const fail = await returnFromProvider(t.app, { store }, second.placed);
    expect(fail.json().code).toBe('THREE_D_SECURE_FAILED');
    expect(await stockOf(M)).toBe(18);
  });

  it('issues an OXXO voucher valid 3 days with the store fee, then marks it paid', async () => {
    const res = await order({
      email: 'oxxo@example.com',
      address: TEST_ADDRESS,
      paymentMethod: 'oxxo',
      items: [{ codigo, sku: M, quantity: 1 }],
    });
    const { order: o, viewToken } = res.json() as PlaceOrderResponse;
    expect(o.status).toBe('pending');
    expect(o.feeCents).toBe(1500);
    expect(o.totalCents).toBe(99900 + 10900 + 1500);
    expect(o.payment?.reference).toMatch(/^\d{14}$/);
    const days = (new Date(o.payment!.expiresAt!).getTime() - new Date(o.createdAt).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);
    expect(o.payment?.amountCents).toBe(o.totalCents);
    const voucher = await t.app.inject({ url: `/api/oxxopay/${o.id}?viewToken=${viewToken}`, headers: h() });
    expect(voucher.json().payment.reference).toBe(o.payment!.reference);
    const paid = await payVoucher(t.app, o.payment!.reference!);
    expect(paid.json()).toMatchObject({ status: 'succeeded', notified: true });
    const after = await t.app.inject({ url: `/api/oxxopay/${o.id}?viewToken=${viewToken}`, headers: h() });
    expect(after.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    const again = await payVoucher(t.app, o.payment!.reference!);
    expect(again.json().code).toBe('PAYMENT_ALREADY_PROCESSED');

    await t.app.jobs.drain();
    const mails = mailsTo(t.dataDir, 'oxxo@example.com');
    expect(mails).toHaveLength(2);
    const voucherMail = mails.find((m) => m.includes('Referencia:'))!;
    expect(voucherMail).toContain(`Referencia: ${o.payment!.reference}`);
    expect(voucherMail).toContain('Monto a pagar: $1,123.00');
    expect(voucherMail).toContain('Comisión OXXO: $15.00');
    expect(
      mails.filter((m) => m.includes(`Recibimos tu pago en OXXO por $1,123.00 del pedido ${o.folio}.`)),
    ).toHaveLength(1);
  });

  it('cancels unpaid OXXO orders after the voucher expires and gives the stock back', async () => {
    const before = await stockOf(M);
    await order({
      email: 'late@example.com',
      address: TEST_ADDRESS,
      paymentMethod: 'oxxo',
      items: [{ codigo, sku: M, quantity: 3 }],
    });
    expect(await stockOf(M)).toBe(before - 3);
    expect(
      await expireOverdueReservations(
        { db: t.database.db, providers: t.app.providers, log: t.app.log },
        new Date(Date.now() + 3 * 86_400_000 + 60_000),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(await stockOf(M)).toBe(before);
    await t.app.jobs.drain();
    const mails = mailsTo(t.dataDir, 'late@example.com');
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.includes('venció sin recibir el pago, así que el pedido se canceló'))).toHaveLength(1);
  });

  it('refuses a quantity under the minimum and more than the stock', async () => {
    const over = await order({
      email: 'a@example.com',
      address: TEST_ADDRESS,
      paymentMethod: 'oxxo',
      items: [{ codigo, sku: L, quantity: 2 }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', params: { available: 1 } });
  });

  it('refuses an order whose total changed since the shopper saw it', async () => {
    const res = await order({
      email: 'a@example.com',
      address: TEST_ADDRESS,
      paymentMethod: 'card',
      expectedTotalCents: 100,
    });
    expect(res.json().code).toBe('PRICE_CHANGED');
  });

  it('lets a signed-in customer save addresses, order with one and list their orders', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    const auth = { ...h(), authorization: `Bearer ${buyer.token}` };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: auth,
      payload: { ...TEST_ADDRESS, phone: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      expect.objectContaining({ path: 'phone', code: 'invalid_phone', message: 'Número de teléfono incorrecto.' }),
    ]);
    const saved = await t.app.inject({ method: 'POST', url: '/api/addresses', headers: auth, payload: TEST_ADDRESS });
    expect(saved.statusCode).toBe(201);
    const { placed, back } = await cardOrder(
      { addressId: saved.json().id, items: [{ codigo, sku: M, quantity: 1 }] },
      { token: buyer.token },
    );
    expect(back.body.status).toBe('paid');
    expect(placed.order.email).toBe(buyer.email);
    const list = await t.app.inject({ url: '/api/pedidos', headers: auth });
    expect(list.json().items.map((o: { id: string }) => o.id)).toEqual([placed.order.id]);
    const own = await t.app.inject({ url: `/api/pedidos/${placed.order.id}`, headers: auth });
    expect(own.statusCode).toBe(200);
  });

  it('lets the seller move an order through the allowed states only, and the buyer sees it', async () => {
    const tracked = await cardOrder({
      email: 'track@example.com',
      address: TEST_ADDRESS,
      items: [{ codigo, sku: M, quantity: 1 }],
    });
    const o = tracked.back.body as OrderView;
    const viewToken = tracked.placed.viewToken;
    expect(o.status).toBe('paid');
    const admin = { authorization: `Bearer ${seller.token}` };
    const move = (status: string, trackingNumber?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${o.id}/status`,
        headers: admin,
        payload: { status, trackingNumber },
      });
    expect((await move('delivered')).json().code).toBe('INVALID_TRANSITION');
    expect((await move('ready_for_pickup')).json().code).toBe('INVALID_TRANSITION');
    expect((await move('ready_to_ship')).json().status).toBe('ready_to_ship');
    const onTheWay = (await move('on_the_way', 'TRK123')).json() as OrderView;
    expect(onTheWay.trackingNumber).toBe('TRK123');
    expect(onTheWay.nextStatuses).toEqual(['delivered']);
    expect((await move('delivered')).json().status).toBe('delivered');
    expect((await move('cancelled')).json().code).toBe('INVALID_TRANSITION');
    const seen = (
      await t.app.inject({ url: `/api/pedidos/${o.id}?viewToken=${viewToken}`, headers: h() })
    ).json() as OrderView;
    expect(seen.status).toBe('delivered');
    expect(seen.history.map((x) => x.status)).toEqual(['pending', 'paid', 'ready_to_ship', 'on_the_way', 'delivered']);
    const list = await t.app.inject({ url: '/api/admin/orders?status=delivered', headers: admin });
    expect(list.json().items.map((x: { id: string }) => x.id)).toContain(o.id);
    // The buyer was told: confirmation, then on its way (with the tracking number) and delivered; not ready_to_ship.
    await t.app.jobs.drain();
    const mails = mailsTo(t.dataDir, 'track@example.com');
    expect(mails).toHaveLength(3);
    expect(mails.filter((m) => m.includes(`Tu pedido ${o.folio} va en camino. Número de guía: TRK123.`))).toHaveLength(
      1,
    );
    expect(mails.filter((m) => m.includes(`Tu pedido ${o.folio} fue entregado.`))).toHaveLength(1);
  });

  it('releases stock exactly once when the seller cancels, refunds the card and takes the sale off the counts', async () => {
    const before = await stockOf(M);
    const soldBefore = await soldCountOf(codigo);
    const o = (
      await cardOrder({
        email: 'c@example.com',
        address: TEST_ADDRESS,
        items: [{ codigo, sku: M, quantity: 2 }],
      })
    ).back.body as OrderView;
    expect(o.status).toBe('paid');
    expect(await stockOf(M)).toBe(before - 2);
    expect(await soldCountOf(codigo)).toBe(soldBefore + 2);
    const admin = { authorization: `Bearer ${seller.token}` };
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${o.id}/status`,
          headers: admin,
          payload: { status: 'cancelled' },
        }),
      ),
    );
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await stockOf(M)).toBe(before);
    expect(await soldCountOf(codigo)).toBe(soldBefore);
    const cancelled = (await t.app.inject({ url: `/api/admin/orders/${o.id}`, headers: admin })).json() as OrderView;
    expect(cancelled.payment).toMatchObject({ method: 'card', status: 'refunded', amountCents: o.totalCents });
    await t.app.jobs.drain();
    const mails = mailsTo(t.dataDir, 'c@example.com');
    expect(mails).toHaveLength(2);
    expect(
      mails.filter((m) =>
        m.includes(`canceló tu pedido ${o.folio}. Reembolsamos $2,117.00 a tu tarjeta terminada en 4242`),
      ),
    ).toHaveLength(1);
  });

  it('keeps a cash payment marked as owed when the seller cancels a paid OXXO order, and an unpaid one costs nothing', async () => {
    const admin = { authorization: `Bearer ${seller.token}` };
    const paid = (
      await order({
        email: 'oxxo-cancel@example.com',
        address: TEST_ADDRESS,
        paymentMethod: 'oxxo',
        items: [{ codigo, sku: M, quantity: 1 }],
      })
    ).json() as PlaceOrderResponse;
    await payVoucher(t.app, paid.order.payment!.reference!);
    const a = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${paid.order.id}/status`,
        headers: admin,
        payload: { status: 'cancelled' },
      })
    ).json() as OrderView;
    expect(a.status).toBe('cancelled');
    expect(a.payment?.status).toBe('succeeded');
    await t.app.jobs.drain();
    expect(
      mailsTo(t.dataDir, 'oxxo-cancel@example.com').filter((m) =>
        m.includes('la tienda se pondrá en contacto contigo para devolverte $1,123.00'),
      ),
    ).toHaveLength(1);

    const unpaid = (
      await order({
        email: 'oxxo-unpaid@example.com',
        address: TEST_ADDRESS,
        paymentMethod: 'oxxo',
        items: [{ codigo, sku: M, quantity: 1 }],
      })
    ).json() as PlaceOrderResponse;
    const b = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${unpaid.order.id}/status`,
        headers: admin,
        payload: { status: 'cancelled' },
      })
    ).json() as OrderView;
    expect(b.payment?.status).toBe('expired');
    await t.app.jobs.drain();
    expect(
      mailsTo(t.dataDir, 'oxxo-unpaid@example.com').filter((m) =>
        m.includes(`canceló tu pedido ${unpaid.order.folio}. No se te cobró nada.`),
      ),
    ).toHaveLength(1);
  });

  it('shows the admin dashboard with the domain and the store-floor link carrying a one-time code', async () => {
    const res = await t.app.inject({
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${seller.token}` },
    });
    const body = res.json();
    expect(body.domains[0].hostname).toBe(store.hostname);
    const code = new URL(body.storeFloorUrl).searchParams.get('token');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).not.toBe(seller.token);
  });

  it('registers, signs in and out, and resets a password through the emailed link', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: h(),
      payload: { fullName: 'Luis Reyes', email, password: 'Jardín-Original-77', passwordConfirm: 'Jardín-Original-7' },
    });
    expect(reg.json().fields[0]).toMatchObject({ path: 'passwordConfirm', message: 'Las contraseñas no coinciden.' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: h(),
          payload: {
            fullName: 'Luis Reyes',
            email,
            password: 'Jardín-Original-77',
            passwordConfirm: 'Jardín-Original-77',
          },
        })
      ).statusCode,
    ).toBe(201);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: h(),
      payload: { fullName: 'Luis Reyes', email, password: 'Jardín-Original-77', passwordConfirm: 'Jardín-Original-77' },
    });
    expect(dup.json().code).toBe('EMAIL_TAKEN');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...h(), 'accept-language': 'en' },
      payload: { email, password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The credentials do not match, try again later.');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: h(),
      payload: { email, password: 'Jardín-Original-77' },
    });
    const token = login.json().token as string;
    expect(
      (await t.app.inject({ url: '/api/user', headers: { ...h(), authorization: `Bearer ${token}` } })).json().email,
    ).toBe(email);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...h(), authorization: `Bearer ${token}` },
    });
    expect(
      (await t.app.inject({ url: '/api/user', headers: { ...h(), authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/recover', headers: h(), payload: { email } })).statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    const [mail] = mailsTo(t.dataDir, email);
    const resetToken = /\/recuperar\/token\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    expect((await t.app.inject({ url: `/api/auth/reset/${resetToken}`, headers: h() })).json()).toEqual({
      valid: true,
      email,
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/reset',
          headers: h(),
          payload: { token: resetToken, password: 'Cambiada-Nueva-2026', passwordConfirm: 'Cambiada-Nueva-2026' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/auth/reset/${resetToken}`, headers: h() })).statusCode).toBe(410);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: h(),
          payload: { email, password: 'Cambiada-Nueva-2026' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
