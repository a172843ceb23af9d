/**
 * The browser confirms the card (decision 056): with the sandbox, the checkout contract the web app uses — POST
 * /api/pedido without the
 * card answers a confirmation (client secret and the sandbox's confirm URL); the browser sends the card to the
 * provider's URL, never to the app; the outcome reaches the app by signed webhook, and the return asks the provider.
 * A body that carries `card` is refused before anything is created (decision 086).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { answerChallenge, confirmCardAtSandbox, returnFromProvider, submitOrder } from '../helpers/payments.js';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { count, eq } from 'drizzle-orm';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import { checkoutRequests, orders, payments, sandboxPayments } from '../../src/server/db/schema/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

describe(`card confirmed by the browser at the sandbox (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  const place = async () => {
    const res = await submitOrder(
      t.app,
      { store, lang: 'en' },
      {
        idempotencyKey: randomUUID(),
        email: 'browser@example.com',
        items: [{ codigo: 'BRW', sku: 'BRW-1', quantity: 2 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'card',
      },
    );
    expect(res.statusCode).toBe(201);
    return res.json() as PlaceOrderResponse;
  };
  const confirm = (o: PlaceOrderResponse, number: string, clientSecret?: string) =>
    confirmCardAtSandbox(t.app, o, number, clientSecret);
  const back = (o: PlaceOrderResponse) => returnFromProvider(t.app, { store }, o);
  const stock = async () =>
    (await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, ['BRW-1']))[0].stock;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'BRW',
      variants: [{ sku: 'BRW-1', options: {}, priceCents: 30000, stock: 50 }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a confirmation instead of charging, and the card sent to the provider pays the order by webhook', async () => {
    const o = await place();
    expect(o.order).toMatchObject({ status: 'pending', payment: { status: 'processing', cardLast4: null } });
    expect(o.confirmation).toMatchObject({ provider: 'sandbox', publishableKey: null, locale: 'en' });
    expect(o.confirmation!.confirmUrl).toMatch(
      /^\/api\/payments\/sandbox\/payment_intents\/sbx_pi_[0-9a-f]{24}\/confirm$/,
    );
    const res = await confirm(o, '4242424242424242');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', notified: true });
    const order = (await back(o)).json();
    expect(order).toMatchObject({ status: 'paid', payment: { status: 'succeeded', cardLast4: '4242' } });
    // Confirming again charges nothing more.
    expect((await confirm(o, '4000000000000002')).json().status).toBe('succeeded');
    expect((await back(o)).json().history.filter((x: { status: string }) => x.status === 'paid')).toHaveLength(1);
  });

  it('refuses a wrong client secret and changes nothing', async () => {
    const o = await place();
    const res = await confirm(o, '4242424242424242', `${o.confirmation!.clientSecret.slice(0, -4)}AAAA`);
    expect(res.statusCode).toBe(404);
    expect((await back(o)).json()).toMatchObject({ status: 'pending' });
  });

  it('a declined card cancels the order and gives the stock back; the return says PAYMENT_DECLINED', async () => {
    const before = await stock();
    const o = await place();
    expect(await stock()).toBe(before - 2);
    expect((await confirm(o, '4000000000000002')).json()).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
    });
    const res = await back(o);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('PAYMENT_DECLINED');
    expect(await stock()).toBe(before);
  });

  it('3-D Secure: the provider answers the challenge to the browser; the bank approves and the order is paid', async () => {
    const o = await place();
    const r = (await confirm(o, '4000000000003220')).json();
    expect(r.status).toBe('requires_action');
    expect(r.challengeId).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    expect((await back(o)).json().status).toBe('pending');
    expect((await answerChallenge(t.app, r.challengeId, true)).statusCode).toBe(200);
    expect((await back(o)).json()).toMatchObject({ status: 'paid' });
  });

  it('refuses a card sent in POST /api/pedido with 422 CARD_DATA_NOT_ACCEPTED, translated, and creates nothing', async () => {
    const db = t.database.db;
    const rows = async () => ({
      orders: (await db.select({ n: count() }).from(orders).where(eq(orders.storeId, store.id)))[0].n,
      payments: (await db.select({ n: count() }).from(payments).where(eq(payments.storeId, store.id)))[0].n,
      keys: (await db.select({ n: count() }).from(checkoutRequests).where(eq(checkoutRequests.storeId, store.id)))[0].n,
      atProvider: (await db.select({ n: count() }).from(sandboxPayments))[0].n,
      stock: await stock(),
    });
    const before = await rows();
    const body = {
      idempotencyKey: randomUUID(),
      email: 'browser@example.com',
      items: [{ codigo: 'BRW', sku: 'BRW-1', quantity: 2 }],
      address: TEST_ADDRESS,
      shipping: { servicio: 'economico' },
      paymentMethod: 'card',
    };
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', holderName: 'Ana Pérez' };
    const es = await submitOrder(t.app, { store }, { ...body, card });
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({
      code: 'CARD_DATA_NOT_ACCEPTED',
      message: expect.stringMatching(/^Por seguridad, esta tienda no recibe datos de tarjeta/),
    });
    // Any `card`, in any shape and with any method, before the body's own checks: the same refusal, in English here.
    for (const extra of [{ card: null }, { card: { number: '1234' } }, { card, paymentMethod: 'oxxo' }]) {
      const en = await submitOrder(t.app, { store, lang: 'en' }, { ...body, ...extra });
      expect(en.statusCode, JSON.stringify(extra)).toBe(422);
      expect(en.json()).toMatchObject({
        code: 'CARD_DATA_NOT_ACCEPTED',
        message: expect.stringMatching(/^For your security, this store does not take card details/),
      });
    }
    expect(await rows()).toEqual(before);
    // The idempotency key was not claimed either: the browser's body (no card) under it places the order.
    const placed = await submitOrder(t.app, { store }, body);
    expect(placed.statusCode).toBe(201);
    expect(await stock()).toBe(before.stock - 2);
  });
});
