/**
 * The PayPal wallet (decision 071), through the real `@paypal/paypal-server-sdk` against the local stand-in of
 * the PayPal API (tests/helpers/paypal-fake.ts). The checkout creates a PayPal order (intent CAPTURE, MXN, the payment
 * locale, PayPal-Request-Id) and hands the browser its approval link; the buyer approves at PayPal; the app
 * captures once, on the return or on PayPal's webhook (verified with PayPal's verify-webhook-signature, applied once),
 * and the ledger records the payment like a card payment. An abandoned approval is never a sale.
 */
import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startPayPalFake, type PayPalFake } from '../helpers/paypal-fake.js';
import { submitOrder } from '../helpers/payments.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { ledgerEntries, ledgerLines, payments } from '../../src/server/db/schema/index.js';
import { getPayment, refundCardPayment } from '../../src/server/modules/payments/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

describe(`PayPal wallet against the PayPal stand-in (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let fake: PayPalFake;
  let store: StoreFixture;
  let other: StoreFixture;
  let seller: string;
  const h = (lang = 'es', s = store) => ({ 'x-store-domain': s.hostname, 'accept-language': lang });
  const received: { body: string; headers: Record<string, string> }[] = [];
  /** Bodies of the events the app has answered, in the order it finished them. */
  const handled: string[] = [];

  const place = (lang = 'es', extra: Record<string, unknown> = {}) =>
    submitOrder(
      t.app,
      { store, lang },
      {
        idempotencyKey: randomUUID(),
        email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
        items: [{ codigo: 'PP', sku: 'PP-1', quantity: 2 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'paypal',
        ...extra,
      },
    );
  const placed = async (lang = 'es') => {
    const res = await place(lang);
    expect(res.statusCode).toBe(201);
    return res.json() as PlaceOrderResponse;
  };
  const refOf = async (o: PlaceOrderResponse) =>
    (await getPayment({ db: t.database.db, storeId: store.id }, o.order.payment!.id)).providerRef!;
  /** The buyer's browser back from PayPal: the return page asks the app to capture. */
  const back = (o: PlaceOrderResponse, s = store, token = o.viewToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payments/${o.order.payment!.id}/capture?viewToken=${token}`,
      headers: h('es', s),
      payload: {},
    });
  const orderOf = async (o: PlaceOrderResponse) =>
    (await t.app.inject({ url: `/api/pedidos/${o.order.id}?viewToken=${o.viewToken}`, headers: h() })).json();
  const historyCount = async (o: PlaceOrderResponse, status: string) =>
    ((await orderOf(o)).history as { status: string }[]).filter((x) => x.status === status).length;
  const webhook = (body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhooks/paypal', headers, payload: body });
  const capturesAtPayPal = (ref: string) =>
    ((fake.view(ref).purchase_units as { payments?: { captures?: unknown[] } }[])[0].payments?.captures ?? []).length;

  beforeAll(async () => {
    fake = await startPayPalFake();
    t = await createTestApp({
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
      PAYPAL_API_BASE: fake.baseUrl,
    });
    fake.onWebhook(async (body, headers) => {
      received.push({ body, headers });
      await webhook(body, headers);
      handled.push(body);
    });
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    other = await createStoreFixture(t.database.db);
    seller = (await createSellerFixture(t.app, store.id)).token;
    await createProductFixture(t.database.db, store.id, {
      codigo: 'PP',
      variants: [{ sku: 'PP-1', options: {}, priceCents: 12_345, stock: 1000 }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('offers PayPal at checkout beside the cards', async () => {
    const res = await t.app.inject({ url: '/api/payments/client-config', headers: h() });
    expect(res.json()).toMatchObject({ wallet: 'paypal' });
  });

  it('creates a PayPal order for the exact total in MXN with an idempotency key and the buyer’s locale', async () => {
    const o = await placed('es');
    expect(o.order).toMatchObject({ status: 'pending', paymentMethod: 'paypal', payment: { method: 'paypal' } });
    const ref = await refOf(o);
    expect(o.confirmation).toMatchObject({
      provider: 'paypal',
      approveUrl: `${fake.baseUrl}/checkoutnow?token=${ref}`,
    });
    const create = fake.requests.find((r) => r.path === '/v2/checkout/orders' && r.method === 'POST')!;
    expect(create.host).toBe('api-m.sandbox.paypal.com');
    expect(create.requestId).toBe(`vitrina_payment_${o.order.payment!.id}`);
    const unit = (create.body!.purchase_units as Record<string, unknown>[])[0];
    expect(create.body!.intent).toBe('CAPTURE');
    expect(unit).toMatchObject({
      reference_id: o.order.id,
      custom_id: `${store.id}:${o.order.payment!.id}`,
      amount: {
        currency_code: 'MXN',
        value: `${Math.floor(o.order.totalCents / 100)}.${String(o.order.totalCents % 100).padStart(2, '0')}`,
      },
    });
    expect(fake.orders.get(ref)).toMatchObject({ locale: 'es-MX' });
    expect(fake.orders.get(ref)!.return_url).toContain(
      `/micarrito/paypal?pedido=${o.order.id}&pago=${o.order.payment!.id}`,
    );
    expect(fake.orders.get(ref)!.cancel_url).toContain('cancelado=1');
    const en = await placed('en');
    expect(fake.orders.get(await refOf(en))).toMatchObject({ locale: 'en-US' });
  });

  it('a return before the buyer approved captures nothing; the order stays pending', async () => {
    const o = await placed();
    const res = await back(o);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', payment: { status: 'processing' } });
    expect(capturesAtPayPal(await refOf(o))).toBe(0);
  });

  it('twenty parallel returns after approval capture once and mark the order paid once', async () => {
    const o = await placed();
    const ref = await refOf(o);
    await fake.approve(ref, { webhook: false });
    const before = fake.captures;
    const answers = await Promise.all(Array.from({ length: 20 }, () => back(o)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.json().status === 'paid')).toBe(true);
    expect(fake.captures - before).toBe(1);
    expect(capturesAtPayPal(ref)).toBe(1);
    expect(await historyCount(o, 'paid')).toBe(1);
    // Every capture carried the payment's own PayPal-Request-Id.
    const captureCalls = fake.requests.filter((r) => r.path === `/v2/checkout/orders/${ref}/capture`);
    expect(new Set(captureCalls.map((r) => r.requestId))).toEqual(new Set([`capture_${o.order.payment!.id}`]));
  });

  it('the amounts reconcile in the ledger: one order_paid entry for the total, balanced', async () => {
    const o = await placed();
    await fake.approve(await refOf(o), { webhook: false });
    expect((await back(o)).json().status).toBe('paid');
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, store.id), eq(ledgerEntries.orderId, o.order.id)));
    expect(entries.map((e) => e.kind)).toEqual(['order_paid']);
    const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.entryId, entries[0].id));
    expect(lines.reduce((s, l) => s + Number(l.amountCents), 0)).toBe(0);
    expect(Number(lines.find((l) => l.account === 'buyer_payment')!.amountCents)).toBe(o.order.totalCents);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, o.order.payment!.id));
    expect(row).toMatchObject({
      provider: 'paypal',
      method: 'paypal',
      status: 'succeeded',
      amountCents: o.order.totalCents,
    });
  });

  it('PayPal’s approval webhook alone gets the order paid (the buyer never came back); replayed 10 times it changes state once', async () => {
    const o = await placed();
    const ref = await refOf(o);
    received.length = 0;
    handled.length = 0;
    await fake.approve(ref); // CHECKOUT.ORDER.APPROVED → the app captures
    // PAYMENT.CAPTURE.COMPLETED follows: wait until the app has answered it.
    await vi.waitFor(() => expect(handled.some((b) => b.includes('PAYMENT.CAPTURE.COMPLETED'))).toBe(true));
    expect((await orderOf(o)).status).toBe('paid');
    expect(capturesAtPayPal(ref)).toBe(1);
    const approved = received.find((x) => x.body.includes('CHECKOUT.ORDER.APPROVED'))!;
    const replays = await Promise.all(Array.from({ length: 10 }, () => webhook(approved.body, approved.headers)));
    expect(replays.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replays.every((r) => r.json().duplicate === true)).toBe(true);
    expect(await historyCount(o, 'paid')).toBe(1);
    expect(capturesAtPayPal(ref)).toBe(1);
    const paidEntries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, o.order.id), eq(ledgerEntries.kind, 'order_paid')));
    expect(paidEntries).toHaveLength(1);
  });

  it('a webhook with a bad signature, a tampered body or missing headers changes nothing', async () => {
    const o = await placed();
    const ref = await refOf(o);
    await fake.approve(ref, { webhook: false });
    const event = fake.signEvent({
      id: `WH-${randomUUID()}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: fake.view(ref),
    });
    const badSig = await webhook(event.body, {
      ...event.headers,
      'paypal-transmission-sig': 'AAAA' + event.headers['paypal-transmission-sig'].slice(4),
    });
    expect(badSig.statusCode).toBe(400);
    expect(badSig.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = await webhook(event.body.replace('"APPROVED"', '"COMPLETED"'), event.headers);
    expect(tampered.statusCode).toBe(400);
    const { 'paypal-transmission-sig': _sig, ...unsigned } = event.headers;
    expect((await webhook(event.body, unsigned)).statusCode).toBe(400);
    expect((await webhook('not json', event.headers)).statusCode).toBe(400);
    expect(capturesAtPayPal(ref)).toBe(0);
    expect((await orderOf(o)).status).toBe('pending');
    // The genuine one is applied.
    expect((await webhook(event.body, event.headers)).statusCode).toBe(200);
    expect((await orderOf(o)).status).toBe('paid');
  });

  it('another store cannot capture, read or pay through someone else’s wallet payment', async () => {
    const o = await placed();
    await fake.approve(await refOf(o), { webhook: false });
    const fromOther = await back(o, other);
    expect(fromOther.statusCode).toBe(404);
    const noToken = await back(o, store, 'x'.repeat(32));
    expect(noToken.statusCode).toBe(404);
    expect(capturesAtPayPal(await refOf(o))).toBe(0);
    expect((await orderOf(o)).status).toBe('pending');
  });

  it('an abandoned approval is not a sale: the sweep cancels the order and a later approval is never captured', async () => {
    const o = await placed();
    const ref = await refOf(o);
    await runPaymentSweep(
      { db: t.database.db, providers: t.app.providers, log: t.app.log },
      new Date(Date.now() + 2 * 3_600_000),
    );
    expect((await orderOf(o)).status).toBe('cancelled');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, o.order.payment!.id));
    expect(row.status).toBe('expired');
    // The buyer approves at PayPal afterwards: neither the webhook nor the return captures a closed attempt.
    await fake.approve(ref);
    const late = await back(o);
    expect(late.statusCode).toBe(200);
    expect(late.json().status).toBe('cancelled');
    expect(capturesAtPayPal(ref)).toBe(0);
  });

  it('refunds a wallet payment through PayPal, once per key', async () => {
    const o = await placed();
    const ref = await refOf(o);
    await fake.approve(ref, { webhook: false });
    await back(o);
    const paid = await getPayment({ db: t.database.db, storeId: store.id }, o.order.payment!.id);
    const row = await refundCardPayment({ db: t.database.db, providers: t.app.providers }, paid);
    expect(row.status).toBe('refunded');
    const refunds = fake.requests.filter((r) => r.path.endsWith('/refund'));
    expect(refunds.at(-1)).toMatchObject({
      requestId: `refund_${paid.id}`,
      body: { amount: { currency_code: 'MXN', value: expect.any(String) } },
    });
    expect((await t.app.providers.wallet!.retrievePayment(ref))!.refundedCents).toBe(o.order.totalCents);
  });

  it('the seller’s partial refund and cancellation go back through PayPal', async () => {
    const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${seller}` }, payload });
    const o = await placed();
    const ref = await refOf(o);
    await fake.approve(ref, { webhook: false });
    expect((await back(o)).json().status).toBe('paid');
    for (const status of ['ready_to_ship', 'on_the_way'])
      expect((await admin('POST', `/api/admin/orders/${o.order.id}/status`, { status })).statusCode).toBe(200);
    const part = await admin('POST', `/api/admin/orders/${o.order.id}/refunds`, { amountCents: 1_050 });
    expect(part.statusCode, part.body).toBeLessThan(300);
    expect(part.json()).toMatchObject({ status: 'succeeded', amountCents: 1_050 });
    expect((await t.app.providers.wallet!.retrievePayment(ref))!.refundedCents).toBe(1_050);
    expect(fake.requests.filter((r) => r.path.endsWith('/refund')).at(-1)!.body).toMatchObject({
      amount: { currency_code: 'MXN', value: '10.50' },
    });
    // More than is left is refused before PayPal is asked.
    const tooMuch = await admin('POST', `/api/admin/orders/${o.order.id}/refunds`, { amountCents: o.order.totalCents });
    expect(tooMuch.statusCode).toBe(422);

    // A paid order the seller cancels is refunded in full at PayPal.
    const c = await placed();
    const cref = await refOf(c);
    await fake.approve(cref, { webhook: false });
    await back(c);
    expect((await admin('POST', `/api/admin/orders/${c.order.id}/status`, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    expect((await t.app.providers.wallet!.retrievePayment(cref))!.refundedCents).toBe(c.order.totalCents);
    expect((await orderOf(c)).payment.status).toBe('refunded');
  });

  it('refuses a card sent with a wallet payment', async () => {
    const res = await place('es', {
      card: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', holderName: 'Ana' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'CARD_DATA_NOT_ACCEPTED' });
  });
});

/**
 * PayPal's webhooks are verified by calling PayPal (verify-webhook-signature), so a forged notice costs an outbound
 * request: the calls are bounded (malformed transmission headers never reach PayPal, a verified transmission is not
 * verified again, failed verifications are limited per source and overall) and PayPal being unreachable is a 503 with
 * Retry-After, never a 500 (decision 109).
 */
describe('PayPal webhook verification: bounded calls, 400, 429 and 503', () => {
  let t: TestApp;
  let fake: PayPalFake;
  const verifyCalls = () => fake.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;
  const webhook = (body: string, headers: Record<string, string>, ip = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhooks/paypal', headers, payload: body, remoteAddress: ip });
  /** An event PayPal signed, about an order the app does not know (acknowledged and ignored). */
  const genuine = () =>
    fake.signEvent({
      id: `WH-${randomUUID()}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: `UNKNOWN${randomUUID().slice(0, 8).toUpperCase()}`, status: 'APPROVED' },
    });
  /** The same, with a signature PayPal would refuse (well-formed headers: only PayPal can tell). */
  const forged = () => {
    const e = genuine();
    return {
      body: e.body,
      headers: { ...e.headers, 'paypal-transmission-sig': Buffer.from(randomUUID()).toString('base64') },
    };
  };

  beforeAll(async () => {
    fake = await startPayPalFake();
    t = await createTestApp({
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
      PAYPAL_API_BASE: fake.baseUrl,
      WEBHOOK_FAILURES_PER_MINUTE: '3',
      PAYPAL_VERIFY_FAILURES_PER_MINUTE: '5',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a verified transmission is not verified again: replayed 10 times, 5 of them at once, PayPal is asked once', async () => {
    const e = genuine();
    const before = verifyCalls();
    expect((await webhook(e.body, e.headers)).statusCode).toBe(200);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => webhook(e.body, e.headers)));
    for (let i = 0; i < 4; i++) expect((await webhook(e.body, e.headers)).statusCode).toBe(200);
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(verifyCalls() - before).toBe(1);
    // Another body under the same transmission headers is not the verified one.
    const other = await webhook(e.body.replace('APPROVED', 'COMPLETED'), e.headers, '198.51.100.2');
    expect(other.statusCode).toBe(400);
  });

  it('malformed transmission headers are 400 without asking PayPal', async () => {
    const e = genuine();
    const before = verifyCalls();
    const bad: Record<string, string>[] = [
      { 'paypal-cert-url': 'https://evil.example/v1/notifications/certs/CERT-1' },
      { 'paypal-cert-url': 'http://api.paypal.com/v1/notifications/certs/CERT-1' },
      { 'paypal-auth-algo': 'none' },
      { 'paypal-transmission-time': 'ayer' },
      { 'paypal-transmission-id': '../../etc/passwd' },
      { 'paypal-transmission-sig': 'not base64 at all!' },
    ];
    for (const [i, change] of bad.entries()) {
      const res = await webhook(e.body, { ...e.headers, ...change }, `203.0.113.${i + 1}`);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    const notJson = await webhook('{"id":', e.headers, '203.0.113.50');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('WEBHOOK_PAYLOAD_INVALID');
    expect(verifyCalls()).toBe(before);
  });

  it('a forged flood from one address asks PayPal 3 times, then answers 429 with Retry-After without asking', async () => {
    const before = verifyCalls();
    const codes: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 10; i++) {
      const f = forged();
      const res = await webhook(f.body, f.headers, '192.0.2.10');
      codes.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers['retry-after'] as string;
    }
    expect(codes).toEqual([400, 400, 400, 429, 429, 429, 429, 429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(verifyCalls() - before).toBe(3);
  });

  it('failed verifications are capped overall too: a flood from many addresses stops asking PayPal', async () => {
    // 4 failed verifications are already counted (the other body of the first test, the flood); the cap is 5.
    const before = verifyCalls();
    const codes: number[] = [];
    const sent = [];
    for (let i = 0; i < 8; i++) {
      const f = forged();
      sent.push(f);
      codes.push((await webhook(f.body, f.headers, `192.0.2.${100 + i}`)).statusCode);
    }
    expect(codes).toEqual([400, 429, 429, 429, 429, 429, 429, 429]);
    expect(verifyCalls() - before).toBe(1);
    // A notice PayPal refused is refused again from memory (400, no new call), whoever sends it.
    const again = await webhook(sent[0].body, sent[0].headers, '192.0.2.200');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(verifyCalls() - before).toBe(1);
  });
});

describe('PayPal unreachable during a webhook', () => {
  it('answers 503 with Retry-After (PayPal will send it again), for the verification and for the re-read', async () => {
    const fake = await startPayPalFake();
    // A port nothing listens on: the verification cannot connect.
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const env = {
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
    };
    const down = await createTestApp({ ...env, PAYPAL_API_BASE: `http://127.0.0.1:${closed}` });
    const up = await createTestApp({ ...env, PAYPAL_API_BASE: fake.baseUrl });
    try {
      const e = fake.signEvent({
        id: `WH-${randomUUID()}`,
        event_type: 'CHECKOUT.ORDER.APPROVED',
        resource: { id: 'UNKNOWNORDER1', status: 'APPROVED' },
      });
      const send = (app: TestApp) =>
        app.app.inject({ method: 'POST', url: '/api/payments/webhooks/paypal', headers: e.headers, payload: e.body });
      const res = await send(down);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Verified while PayPal answered; PayPal goes away before the replay re-reads the order there.
      expect((await send(up)).statusCode).toBe(200);
      await fake.close();
      const replay = await send(up);
      expect(replay.statusCode, replay.body).toBe(503);
      expect(replay.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(Number(replay.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await down.close();
      await up.close();
      await fake.close().catch(() => undefined);
    }
  });
});
