/**
 * Quotes (cotizaciones; decisions 150, 151): a signed-in buyer asks for a quote within the product's MOQ and quantity
 * range, the seller answers with tiers and services and the server computes the money to the centavo (IVA included,
 * shown), the buyer's email goes out, `notifications.cotizaciones` counts what is unanswered, another store can neither
 * read nor answer it, the buyer accepts one tier through the normal checkout (20 parallel accepts make one order, at
 * the quoted price, with stock held), an unpaid order that expires gives the quote back, and the job expires a quote
 * past its date.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { payVoucher, submitOrder } from '../helpers/payments.js';
import { mailsTo } from '../helpers/outbox.js';
import {
  orderItems,
  orders,
  payments,
  products,
  productVariants,
  quotes,
  sandboxPayments,
} from '../../src/server/db/schema/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import { expireQuotes } from '../../src/server/modules/quotes/index.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('quotes', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: string;
  let sellerB: string;
  let buyer: { email: string; token: string; userId: string };
  let otherBuyer: { email: string; token: string; userId: string };

  const asBuyer = (
    who: { token: string },
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    lang = 'es',
    store = a,
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { 'x-store-domain': store.hostname, authorization: `Bearer ${who.token}`, 'accept-language': lang },
    });
  const asSeller = (token: string, method: 'GET' | 'PUT', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const ask = (extra: Record<string, unknown> = {}, lang = 'es') =>
    asBuyer(
      buyer,
      'POST',
      '/api/cotizaciones',
      {
        codigo: 'TELA',
        destinationCountry: 'mx',
        destinationCity: 'Monterrey',
        quantity: 500,
        services: { freight: true, insurance: true, customs: false, delivery: false, consulting: false },
        note: 'Entrega en bodega',
        ...extra,
      },
      lang,
    );
  // Two tiers: 500 at $12.00 and 1,000 at $10.50; freight $800.00, insurance $150.00; duty 35 %.
  const answer = (extra: Record<string, unknown> = {}) => ({
    tiers: [
      { quantity: 500, unitPriceCents: 1_200 },
      { quantity: 1_000, unitPriceCents: 1_050 },
    ],
    leadTimeDays: 12,
    incoterm: 'DAP',
    services: [
      { service: 'insurance', priceCents: 15_000 },
      { service: 'freight', priceCents: 80_000 },
    ],
    dutyRateBps: 3_500,
    validUntil: day(10),
    message: 'Precio con IVA incluido.',
    ...extra,
  });
  const accept = (id: string, tier: number, method: 'oxxo' | 'card' = 'oxxo', key = randomUUID()) =>
    submitOrder(
      t.app,
      { store: a, token: buyer.token },
      {
        idempotencyKey: key,
        items: [],
        quote: { id, tier },
        address: TEST_ADDRESS,
        shipping: { servicio: 'paquete' },
        paymentMethod: method,
      },
    );
  const stockOf = async (sku: string) =>
    (
      await t.database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.storeId, a.id), eq(productVariants.sku, sku)))
    )[0].stock;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    a = await createStoreFixture(t.database.db, { oxxoFeeCents: 1_500 });
    b = await createStoreFixture(t.database.db);
    const p = await createProductFixture(t.database.db, a.id, {
      codigo: 'TELA',
      minOrderQty: 100,
      variants: [{ sku: 'TELA-1', options: {}, priceCents: 2_500, stock: 5_000 }],
    });
    // The purchase info's range and the HS code, as the product form saves them.
    await t.database.db
      .update(products)
      .set({ purchase: { quantityMin: 100, quantityMax: 5_000 }, hsCode: '620520' })
      .where(eq(products.id, p.id));
    sellerA = (await createSellerFixture(t.app, a.id)).token;
    sellerB = (await createSellerFixture(t.app, b.id)).token;
    buyer = await createCustomerFixture(t.app, a);
    otherBuyer = await createCustomerFixture(t.app, a);
  });
  afterAll(() => t.close());

  it('creates a request with the server’s date; the buyer and the seller see it, and the count goes up', async () => {
    const before = (await asSeller(sellerA, 'GET', '/api/admin/quote-notifications')).json().cotizaciones;
    const res = await ask({ requestedAt: '2001-01-01' });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json();
    expect(q).toMatchObject({
      status: 'requested',
      codigo: 'TELA',
      sku: 'TELA-1',
      quantity: 500,
      destinationCountry: 'MX',
      destinationCity: 'Monterrey',
      services: { freight: true, insurance: true, customs: false, delivery: false, consulting: false },
      note: 'Entrega en bodega',
      buyerEmail: buyer.email,
      hsCode: '620520',
      minOrderQty: 100,
      answer: null,
    });
    expect(Math.abs(Date.parse(q.requestedAt) - Date.now())).toBeLessThan(60_000);
    const mine = (await asBuyer(buyer, 'GET', '/api/cotizaciones')).json().quotes;
    expect(mine.map((x: { id: string }) => x.id)).toContain(q.id);
    expect((await asBuyer(otherBuyer, 'GET', '/api/cotizaciones')).json().quotes).toEqual([]);
    expect((await asBuyer(otherBuyer, 'GET', `/api/cotizaciones/${q.id}`)).statusCode).toBe(404);
    expect((await asSeller(sellerA, 'GET', `/api/admin/quotes/${q.id}`)).json().id).toBe(q.id);
    expect((await asSeller(sellerA, 'GET', '/api/admin/quote-notifications')).json().cotizaciones).toBe(before + 1);
  });

  it('refuses a quantity under the MOQ or over the range, translated, and writes nothing', async () => {
    const count = async () => (await t.database.db.select().from(quotes).where(eq(quotes.storeId, a.id))).length;
    const n = await count();
    const es = await ask({ quantity: 99 });
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({ code: 'QUOTE_QUANTITY_OUT_OF_RANGE', params: { min: 100, max: 5_000 } });
    expect(es.json().message).toBe(
      'La cantidad debe estar entre 100 y 5000 piezas (el pedido mínimo del producto es 100).',
    );
    const en = await ask({ quantity: 5_001 }, 'en');
    expect(en.statusCode).toBe(422);
    expect(en.json().message).toBe(
      "The quantity must be between 100 and 5000 pieces (the product's minimum order is 100).",
    );
    expect((await ask({ quantity: 0 })).statusCode).toBe(400);
    expect((await ask({ codigo: 'NO-EXISTE' })).statusCode).toBe(404);
    expect((await ask({ destinationCity: 'a\u0000b' })).statusCode).toBe(400);
    // A guest cannot ask.
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/cotizaciones',
      headers: { 'x-store-domain': a.hostname },
      payload: { codigo: 'TELA', destinationCountry: 'MX', destinationCity: 'X', quantity: 500, services: {} },
    });
    expect([400, 401]).toContain(guest.statusCode);
    expect(await count()).toBe(n);
  });

  it('keeps each store to its own quotes: another store cannot read, list or answer one', async () => {
    const q = (await ask()).json();
    expect((await asSeller(sellerB, 'GET', `/api/admin/quotes/${q.id}`)).statusCode).toBe(404);
    expect((await asSeller(sellerB, 'PUT', `/api/admin/quotes/${q.id}`, answer())).statusCode).toBe(404);
    const listB = (await asSeller(sellerB, 'GET', '/api/admin/quotes')).json().quotes;
    expect(listB.map((x: { id: string }) => x.id)).not.toContain(q.id);
    // A buyer of store A, on store B's domain, does not see it either.
    expect([401, 404]).toContain(
      (await asBuyer(buyer, 'GET', `/api/cotizaciones/${q.id}`, undefined, 'es', b)).statusCode,
    );
    expect((await asSeller(sellerA, 'GET', `/api/admin/quotes/${q.id}`)).json().status).toBe('requested');
  });

  it('computes each tier’s money on the server to the centavo and emails the buyer', async () => {
    const q = (await ask()).json();
    const res = await asSeller(sellerA, 'PUT', `/api/admin/quotes/${q.id}`, answer());
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    expect(sent.status).toBe('sent');
    // Services in the list's order; goods 500 × 1,200 = 600,000; services 95,000; total 695,000; IVA included:
    // 695,000 − round(695,000 / 1.16) = 695,000 − 599,138 = 95,862; duty 35 % of the goods = 210,000.
    expect(sent.answer.services).toEqual([
      { service: 'freight', priceCents: 80_000 },
      { service: 'insurance', priceCents: 15_000 },
    ]);
    expect(sent.answer.tiers).toEqual([
      {
        quantity: 500,
        unitPriceCents: 1_200,
        goodsCents: 600_000,
        servicesCents: 95_000,
        totalCents: 695_000,
        ivaCents: 95_862,
        dutyEstimateCents: 210_000,
      },
      {
        quantity: 1_000,
        unitPriceCents: 1_050,
        goodsCents: 1_050_000,
        servicesCents: 95_000,
        totalCents: 1_145_000,
        ivaCents: 157_931,
        dutyEstimateCents: 367_500,
      },
    ]);
    await t.app.jobs.drain();
    const mail = mailsTo(t.dataDir, buyer.email).find((m) => m.includes('respondió tu solicitud de cotización'));
    expect(mail).toBeTruthy();
    expect(mail).toContain('500 piezas a $12.00 c/u: total $6,950.00 (incluye IVA de $958.62)');
    expect(mail).toContain('/miperfil/cotizaciones');
    // And a message from the store in the buyer's conversation about this quote: unread, with the prices and validity.
    expect((await asBuyer(buyer, 'GET', '/api/messages/unread')).json()).toEqual({ unread: 1 });
    const inbox = (await asBuyer(buyer, 'GET', '/api/messages')).json().conversations;
    expect(inbox).toHaveLength(1);
    expect(inbox[0].subject).toMatchObject({ kind: 'quote', id: q.id });
    const thread = (await asBuyer(buyer, 'GET', `/api/messages/${inbox[0].id}`)).json();
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({ from: 'store' });
    expect(thread.messages[0].body).toContain('2 precios por cantidad');
    expect(thread.messages[0].body).toContain('/miperfil/cotizaciones');
  });

  it('refuses answers below the MOQ, with services not asked for, or already past', async () => {
    const q = (await ask()).json();
    const url = `/api/admin/quotes/${q.id}`;
    const low = await asSeller(sellerA, 'PUT', url, answer({ tiers: [{ quantity: 50, unitPriceCents: 1_000 }] }));
    expect(low.statusCode).toBe(422);
    expect(low.json().code).toBe('QUOTE_QUANTITY_OUT_OF_RANGE');
    const extra = await asSeller(
      sellerA,
      'PUT',
      url,
      answer({ services: [...answer().services, { service: 'customs', priceCents: 100 }] }),
    );
    expect(extra.statusCode).toBe(422);
    expect(extra.json().code).toBe('QUOTE_SERVICES_MISMATCH');
    const missing = await asSeller(sellerA, 'PUT', url, answer({ services: [] }));
    expect(missing.json().code).toBe('QUOTE_SERVICES_MISMATCH');
    const past = await asSeller(sellerA, 'PUT', url, answer({ validUntil: day(-2) }), 'en');
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe('The quote must be valid until today or a later date.');
    const unordered = await asSeller(
      sellerA,
      'PUT',
      url,
      answer({
        tiers: [
          { quantity: 600, unitPriceCents: 1_000 },
          { quantity: 500, unitPriceCents: 1_100 },
        ],
      }),
    );
    expect(unordered.statusCode).toBe(400);
    expect((await asSeller(sellerA, 'GET', url)).json().status).toBe('requested');
  });

  it('accepts one tier once: 20 parallel accepts make one order at the quoted price, with its stock held', async () => {
    const q = (await ask()).json();
    await asSeller(sellerA, 'PUT', `/api/admin/quotes/${q.id}`, answer());
    const stock = await stockOf('TELA-1');
    const results = await Promise.all(Array.from({ length: 20 }, () => accept(q.id, 0, 'card')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(
      codes.every((c) => c === 201 || c === 409),
      codes.join(','),
    ).toBe(true);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ code: 'QUOTE_NOT_ACCEPTABLE', message: 'Esta cotización ya fue aceptada.' });
    const placed = results.find((r) => r.statusCode === 201)!.json();
    expect(placed.order.items).toEqual([
      expect.objectContaining({ codigo: 'TELA', sku: 'TELA-1', quantity: 500, unitPriceCents: 1_200 }),
    ]);
    // 600,000 of goods + 95,000 of services (its shipping line); a card pays no OXXO fee.
    expect(placed.order.totalCents).toBe(695_000);
    expect(await stockOf('TELA-1')).toBe(stock - 500);
    const rows = await t.database.db
      .select({ unit: orderItems.unitPriceCents, line: orderItems.lineTotalCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.order.id));
    expect(rows).toEqual([{ unit: 1_200, line: 600_000 }]);
    const now = (await asBuyer(buyer, 'GET', `/api/cotizaciones/${q.id}`)).json();
    expect(now).toMatchObject({ status: 'accepted', acceptedTier: 0, orderId: placed.order.id });
    // Only one order exists for the store's quote.
    const made = await t.database.db.select().from(orders).where(eq(orders.storeId, a.id));
    expect(made.filter((o) => o.id === placed.order.id)).toHaveLength(1);
    expect(made).toHaveLength(1);
  });

  it('pays a quote order with OXXO at the quoted price plus the store’s fee; another buyer cannot accept it', async () => {
    const q = (await ask()).json();
    await asSeller(sellerA, 'PUT', `/api/admin/quotes/${q.id}`, answer());
    const stranger = await submitOrder(
      t.app,
      { store: a, token: otherBuyer.token },
      {
        idempotencyKey: randomUUID(),
        items: [],
        quote: { id: q.id, tier: 1 },
        address: TEST_ADDRESS,
        shipping: { servicio: 'paquete' },
        paymentMethod: 'oxxo',
      },
    );
    expect(stranger.statusCode).toBe(404);
    expect((await accept(q.id, 5)).statusCode).toBe(400);
    // The 1,000-piece tier is over OXXO's MX$10,000 per payment: refused as any such voucher, the quote still open.
    const big = await accept(q.id, 1);
    expect(big.json().code).toBe('OXXO_AMOUNT_TOO_HIGH');
    const res = await accept(q.id, 0);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.order.items[0]).toMatchObject({ quantity: 500, unitPriceCents: 1_200, lineTotalCents: 600_000 });
    expect(placed.order.totalCents).toBe(695_000 + 1_500);
    expect(placed.order.payment).toMatchObject({ method: 'oxxo', status: 'pending' });
    const paid = await payVoucher(t.app, placed.order.payment.reference);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(o.status).toBe('paid');
  });

  it('a declined quote cannot be accepted; the buyer’s decline is refused on a quote not sent', async () => {
    const q = (await ask()).json();
    expect((await asBuyer(buyer, 'POST', `/api/cotizaciones/${q.id}/rechazar`, {})).statusCode).toBe(409);
    const notYet = await accept(q.id, 0);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('La tienda todavía no responde esta cotización.');
    await asSeller(sellerA, 'PUT', `/api/admin/quotes/${q.id}`, answer());
    const declined = await asBuyer(buyer, 'POST', `/api/cotizaciones/${q.id}/rechazar`, {});
    expect(declined.json().status).toBe('declined');
    expect((await accept(q.id, 0)).json().code).toBe('QUOTE_NOT_ACCEPTABLE');
    expect((await asSeller(sellerA, 'PUT', `/api/admin/quotes/${q.id}`, answer())).statusCode).toBe(409);
  });

  it('the job expires a sent quote past its validity date, and an expired quote cannot be accepted', async () => {
    const q = (await ask()).json();
    await asSeller(sellerA, 'PUT', `/api/admin/quotes/${q.id}`, answer({ validUntil: day(1) }));
    expect(await expireQuotes({ db: t.database.db })).toBe(0);
    // Its last day went by.
    await t.database.db
      .update(quotes)
      .set({ validUntil: day(-1) })
      .where(eq(quotes.id, q.id));
    expect(await expireQuotes({ db: t.database.db })).toBe(1);
    const now = (await asBuyer(buyer, 'GET', `/api/cotizaciones/${q.id}`)).json();
    expect(now.status).toBe('expired');
    const late = await accept(q.id, 0, 'card', randomUUID());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Esta cotización ya venció. Pide una nueva.');
  });

  it('an unpaid quote order that expires gives the quote back, and the buyer can accept it again', async () => {
    const q = (await ask()).json();
    await asSeller(sellerA, 'PUT', `/api/admin/quotes/${q.id}`, answer());
    const stock = await stockOf('TELA-1');
    const first = await accept(q.id, 0);
    expect(first.statusCode, first.body).toBe(201);
    const o = first.json().order;
    expect(await stockOf('TELA-1')).toBe(stock - 500);
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .update(sandboxPayments)
      .set({ expiresAt: past })
      .where(eq(sandboxPayments.reference, o.payment.reference));
    await t.database.db.update(payments).set({ expiresAt: past }).where(eq(payments.orderId, o.id));
    await runPaymentSweep(
      { db: t.database.db, providers: t.app.providers, log: t.app.log },
      new Date(Date.now() + 3 * 86_400_000 + 60_000),
    );
    const [cancelled] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(cancelled.status).toBe('cancelled');
    // Its 500 units are back (the sweep also ends the unpaid card order of the parallel test, whose units come back too).
    expect(await stockOf('TELA-1')).toBe(stock + 500);
    expect((await asBuyer(buyer, 'GET', `/api/cotizaciones/${q.id}`)).json()).toMatchObject({
      status: 'sent',
      orderId: null,
    });
    const again = await accept(q.id, 0);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('keeps the cart checkout as it was: an empty cart without a quote is refused', async () => {
    const res = await submitOrder(
      t.app,
      { store: a },
      {
        idempotencyKey: randomUUID(),
        email: 'x@example.com',
        items: [],
        address: TEST_ADDRESS,
        shipping: { servicio: 'paquete' },
        paymentMethod: 'card',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('items');
  });
});
