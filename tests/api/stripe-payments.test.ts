/**
 * The Stripe adapter, through the real `stripe` SDK against the local stand-in of the Stripe API
 * (tests/helpers/stripe-fake.ts; decision 055). The checkout creates a PaymentIntent and hands the browser its client
 * secret; the "browser" here confirms at the stand-in with the publishable key, as Stripe.js does, so the card never
 * reaches the app (decision 056). The app learns the outcome from signed webhooks (applied once however often they
 * come; a bad or stale signature changes nothing) and from Stripe on the return. OXXO vouchers, idempotency keys on
 * every create and refund, and the payment locale.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { returnFromProvider, submitOrder } from '../helpers/payments.js';
import { startStripeFake, type StripeFake } from '../helpers/stripe-fake.js';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { orders, payments } from '../../src/server/db/schema/index.js';
import { getPayment, refundCardPayment } from '../../src/server/modules/payments/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', holderName: 'Ana Pérez' };

describe(`Stripe adapter against the Stripe stand-in (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let fake: StripeFake;
  let store: StoreFixture;
  const h = (lang = 'es') => ({ 'x-store-domain': store.hostname, 'accept-language': lang });

  const place = (method: 'card' | 'oxxo' | 'paypal', extra: Record<string, unknown> = {}, lang = 'es') =>
    submitOrder(
      t.app,
      { store, lang },
      {
        idempotencyKey: randomUUID(),
        email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
        items: [{ codigo: 'STR', sku: 'STR-1', quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: method,
        ...extra,
      },
    );

  /** What Stripe.js does in the browser: confirm with the publishable key and the client secret, never via the app. */
  const browserConfirm = async (o: PlaceOrderResponse, paymentMethod: string) => {
    const c = o.confirmation!;
    const pi = c.clientSecret.split('_secret_')[0];
    const res = await fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents/${pi}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${c.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ client_secret: c.clientSecret, payment_method: paymentMethod }).toString(),
    });
    return { pi, status: res.status, body: (await res.json()) as { status: string } };
  };

  /** The browser's return: the app asks Stripe how the payment ended. */
  const finish = (o: PlaceOrderResponse) => returnFromProvider(t.app, { store, lang: 'es' }, o);
  const orderOf = async (o: PlaceOrderResponse) =>
    (await t.app.inject({ url: `/api/pedidos/${o.order.id}?viewToken=${o.viewToken}`, headers: h() })).json();
  const historyCount = async (o: PlaceOrderResponse, status: string) =>
    ((await orderOf(o)).history as { status: string }[]).filter((x) => x.status === status).length;
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
    });
    fake.onWebhook((payload, signature) => webhook(payload, signature));
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'STR',
      variants: [{ sku: 'STR-1', options: {}, priceCents: 25000, stock: 1000 }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('without a wallet, the store configuration and the payments page name card and OXXO only, not PayPal', async () => {
    const headers = { 'x-store-domain': store.hostname };
    const config = (await t.app.inject({ url: '/api/reseller/configwebsite', headers })).json();
    expect(config.paymentMethods).toEqual(['card', 'oxxo']);
    const page = (await t.app.inject({ url: '/api/reseller/content/pagos_envios', headers })).json();
    expect(page.html).toContain('Efectivo en OXXO');
    expect(page.html).not.toContain('PayPal');
    expect(page.html).not.toContain('{paypal}');
  });

  it('creates a PaymentIntent with an idempotency key and hands the browser its client secret; Stripe.js pays', async () => {
    const res = await place('card');
    expect(res.statusCode).toBe(201);
    const o = res.json() as PlaceOrderResponse;
    expect(o.order.status).toBe('pending');
    expect(o.confirmation).toMatchObject({ provider: 'stripe', publishableKey: fake.publishableKey, locale: 'es' });
    const create = fake.requests.find((r) => r.path === '/v1/payment_intents' && r.params.metadata)!;
    expect(create.idempotencyKey).toBe(`vitrina_payment_${o.order.payment!.id}`);
    expect(create.params).toMatchObject({
      amount: String(o.order.totalCents),
      currency: 'mxn',
      allowed_payment_method_types: { 0: 'card' },
      metadata: { orderId: o.order.id, paymentId: o.order.payment!.id, locale: 'es_MX' },
    });
    // The card goes to Stripe from the browser; the app never received a card number.
    expect(JSON.stringify(fake.requests.filter((r) => r.auth === 'secret'))).not.toContain('4242');
    const confirmed = await browserConfirm(o, 'pm_card_visa');
    expect(confirmed.body.status).toBe('succeeded');
    // The signed webhook already told the app.
    expect((await orderOf(o)).status).toBe('paid');
    const back = await finish(o);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded', cardLast4: '4242' } });
  });

  it('offers no wallet without PayPal settings: a PayPal order is refused with 503 and nothing is created', async () => {
    expect((await t.app.inject({ url: '/api/payments/client-config', headers: h() })).json()).toMatchObject({
      provider: 'stripe',
      wallet: null,
    });
    const before = fake.requests.length;
    const res = await place('paypal');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PAYMENTS_UNAVAILABLE');
    expect(fake.requests.length).toBe(before);
  });

  it('the page policy lets Stripe.js in (script, its frames, its API) and nothing else (decision 074)', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', expect.stringMatching(/^'nonce-/)]);
    expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  it('refuses a card number sent to the server: with Stripe cards go only to Stripe', async () => {
    const before = fake.requests.length;
    const res = await place('card', { card: CARD });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'CARD_DATA_NOT_ACCEPTED' });
    expect(fake.requests.length).toBe(before);
  });

  it('a declined card cancels the order and releases it; the return answers PAYMENT_DECLINED', async () => {
    const o = (await place('card')).json() as PlaceOrderResponse;
    const confirmed = await browserConfirm(o, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(confirmed.body.status).toBe('requires_payment_method');
    const back = await finish(o);
    expect(back.statusCode).toBe(422);
    expect(back.json().code).toBe('PAYMENT_DECLINED');
    const order = await orderOf(o);
    expect(order).toMatchObject({
      status: 'cancelled',
      payment: { status: 'failed', failureCode: 'insufficient_funds' },
    });
  });

  it('3-D Secure: the order waits while Stripe asks, is paid when the bank approves, cancelled when it fails', async () => {
    const ok = (await place('card')).json() as PlaceOrderResponse;
    const a = await browserConfirm(ok, 'pm_card_threeDSecure2Required');
    expect(a.body.status).toBe('requires_action');
    expect((await orderOf(ok)).status).toBe('pending');
    expect((await finish(ok)).json().status).toBe('pending');
    await fake.completeThreeDSecure(a.pi, true);
    expect((await finish(ok)).json()).toMatchObject({ status: 'paid', payment: { cardBrand: 'visa' } });

    const bad = (await place('card')).json() as PlaceOrderResponse;
    const b = await browserConfirm(bad, 'pm_card_threeDSecure2Required');
    await fake.completeThreeDSecure(b.pi, false);
    const back = await finish(bad);
    expect(back.statusCode).toBe(422);
    expect(back.json().code).toBe('THREE_D_SECURE_FAILED');
    expect((await orderOf(bad)).status).toBe('cancelled');
  });

  it('OXXO: Stripe issues the voucher (number, expiry in 3 days); paid at the counter the order is paid; expired it is cancelled', async () => {
    const res = await place('oxxo', {}, 'en');
    expect(res.statusCode).toBe(201);
    const o = res.json() as PlaceOrderResponse;
    expect(o.confirmation).toBeNull();
    const pi = fake.intents.get(
      (await getPayment({ db: t.database.db, storeId: store.id }, o.order.payment!.id)).providerRef!,
    )!;
    expect(pi.payment_method_types).toEqual(['oxxo']);
    expect(pi.metadata.locale).toBe('en_US');
    expect(pi.payment_method_options).toMatchObject({ oxxo: { expires_after_days: '3' } });
    expect(o.order.payment).toMatchObject({ method: 'oxxo', status: 'pending' });
    expect(o.order.payment!.reference).toMatch(/^\d{18}$/);
    const days = (new Date(o.order.payment!.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3.01);
    await fake.payOxxo(pi.id);
    expect((await orderOf(o)).status).toBe('paid');

    const late = (await place('oxxo')).json() as PlaceOrderResponse;
    const ref = (await getPayment({ db: t.database.db, storeId: store.id }, late.order.payment!.id)).providerRef!;
    await fake.expireOxxo(ref);
    expect(await orderOf(late)).toMatchObject({ status: 'cancelled', payment: { status: 'expired' } });
  });

  it('a webhook replayed 10 times changes state once', async () => {
    fake.onWebhook(async () => undefined); // Stripe's first delivery is lost: the replays below are the only ones
    const o = (await place('card')).json() as PlaceOrderResponse;
    await browserConfirm(o, 'pm_card_visa');
    fake.onWebhook((payload, signature) => webhook(payload, signature));
    expect((await orderOf(o)).status).toBe('pending');
    const event = fake.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await webhook(event.payload, fake.sign(event.payload))).json());
    expect(answers.filter((a) => a.duplicate === false)).toHaveLength(1);
    expect(answers.every((a) => a.received === true)).toBe(true);
    expect((await orderOf(o)).status).toBe('paid');
    expect(await historyCount(o, 'paid')).toBe(1);
  });

  it('a bad, stale, tampered or missing signature changes nothing', async () => {
    fake.onWebhook(async () => undefined);
    const o = (await place('card')).json() as PlaceOrderResponse;
    await browserConfirm(o, 'pm_card_visa');
    fake.onWebhook((payload, signature) => webhook(payload, signature));
    const event = fake.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
    const tampered = event.payload.replace('"livemode":false', '"livemode":true');
    const attempts = [
      await webhook(event.payload, fake.sign(event.payload, { secret: 'whsec_someone_else' })),
      await webhook(event.payload, fake.sign(event.payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })),
      await webhook(tampered, fake.sign(event.payload)),
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: event.payload,
      }),
    ];
    for (const a of attempts) {
      expect(a.statusCode).toBe(400);
      expect(a.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await orderOf(o)).status).toBe('pending');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, o.order.id));
    expect(row.status).toBe('processing');
  });

  it('a validly signed event without the fields the app reads is a 400, never a 500, and changes nothing', async () => {
    fake.onWebhook(async () => undefined);
    const o = (await place('card')).json() as PlaceOrderResponse;
    await browserConfirm(o, 'pm_card_visa');
    fake.onWebhook((payload, signature) => webhook(payload, signature));
    const real = JSON.parse(fake.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!.payload);
    const { payment_method_types: _types, ...withoutTypes } = real.data.object;
    const malformed = [
      { ...real, id: `evt_${randomUUID()}`, data: { object: withoutTypes } },
      { ...real, id: `evt_${randomUUID()}`, data: { object: { ...real.data.object, amount: 'mucho' } } },
      { ...real, id: `evt_${randomUUID()}`, data: { object: { ...real.data.object, id: 42 } } },
      { ...real, id: `evt_${randomUUID()}`, data: {} },
      { ...real, id: `evt_${randomUUID()}`, data: null },
      { id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded' },
      [],
      'texto',
    ];
    for (const event of malformed) {
      const payload = JSON.stringify(event);
      const res = await webhook(payload, fake.sign(payload));
      expect(res.statusCode, `${payload.slice(0, 120)}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('WEBHOOK_PAYLOAD_INVALID');
    }
    expect((await orderOf(o)).status).toBe('pending');
    // The well-formed event is still applied.
    const payload = JSON.stringify(real);
    expect((await webhook(payload, fake.sign(payload))).statusCode).toBe(200);
    expect((await orderOf(o)).status).toBe('paid');
  });

  it('the same checkout submitted 10 times in parallel gives one order and one PaymentIntent', async () => {
    const key = randomUUID();
    const body = {
      idempotencyKey: key,
      email: 'twice@example.com',
      items: [{ codigo: 'STR', sku: 'STR-1', quantity: 1 }],
      address: TEST_ADDRESS,
      shipping: { servicio: 'economico' },
      paymentMethod: 'card',
    };
    const creates = () => fake.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const before = creates();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/pedido', headers: h(), payload: body }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201).map((a) => a.json() as PlaceOrderResponse);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((a) => a.order.id)).size).toBe(1);
    const retry = (await t.app.inject({ method: 'POST', url: '/api/pedido', headers: h(), payload: body })).json();
    expect(retry.order.id).toBe(ok[0].order.id);
    expect(retry.confirmation.clientSecret).toBe(ok[0].confirmation!.clientSecret);
    expect(await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    const intentKeys = new Set(
      fake.requests
        .slice(0)
        .filter((r) => r.path === '/v1/payment_intents')
        .map((r) => r.idempotencyKey),
    );
    expect(creates() - before).toBeGreaterThanOrEqual(1);
    expect([...intentKeys].filter((k) => k === `vitrina_payment_${ok[0].order.payment!.id}`)).toHaveLength(1);
    expect([...fake.intents.values()].filter((pi) => pi.metadata.orderId === ok[0].order.id)).toHaveLength(1);
  });

  it('refunds through the SDK with an idempotency key; a second refund is refused by Stripe and changes nothing', async () => {
    const o = (await place('card')).json() as PlaceOrderResponse;
    await browserConfirm(o, 'pm_card_visa');
    const ctx = { db: t.database.db, providers: t.app.providers };
    const paid = await getPayment({ db: t.database.db, storeId: store.id }, o.order.payment!.id);
    const refunded = await refundCardPayment(ctx, paid);
    expect(refunded.status).toBe('refunded');
    const refund = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(refund.idempotencyKey).toBe(`refund_${paid.id}`);
    expect(refund.params).toMatchObject({ payment_intent: paid.providerRef, amount: String(paid.amountCents) });
    const charge = fake.charges.get(fake.intents.get(paid.providerRef!)!.latest_charge!)!;
    expect(charge.amount_refunded).toBe(paid.amountCents);
    const again = await t.app.providers.payments.refundPayment({
      providerRef: paid.providerRef!,
      amountCents: 100,
      idempotencyKey: randomUUID(),
    });
    expect(again).toEqual({ status: 'failed', failureCode: 'charge_already_refunded' });
    expect(charge.amount_refunded).toBe(paid.amountCents);
  });

  it('the sweep voids an abandoned intent at Stripe before cancelling its order', async () => {
    const o = (await place('card')).json() as PlaceOrderResponse;
    const ref = (await getPayment({ db: t.database.db, storeId: store.id }, o.order.payment!.id)).providerRef!;
    const p = await t.app.providers.payments.cancelPayment(ref);
    expect(p.status).toBe('canceled');
    expect(fake.intents.get(ref)!.status).toBe('canceled');
    // Stripe refuses to confirm a canceled intent: the browser can no longer pay it.
    expect((await browserConfirm(o, 'pm_card_visa')).status).toBe(400);
  });
});
