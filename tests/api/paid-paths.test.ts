/**
 * Every way an order becomes paid posts the same ledger transaction (one function, `markOrderPaid`): the card's
 * webhook, the browser's return (webhook lost), 3-D Secure, the sandbox wallet's capture, an OXXO voucher paid at the
 * counter, the seller marking it paid by hand (cash: OXXO or card), a zero total, the payment sweep finding money the
 * app never heard of, and the same through Stripe (card and OXXO) and PayPal (capture). After each: the order is paid,
 * it has exactly one order_paid entry, that entry balances and charges the fee on the products after the coupon, and
 * the store's balance is the sum of its ledger lines. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerReconciles } from '../helpers/ledger.js';
import { startStripeFake, type StripeFake } from '../helpers/stripe-fake.js';
import { startPayPalFake, type PayPalFake } from '../helpers/paypal-fake.js';
import {
  answerChallenge,
  confirmCardAtSandbox,
  payVoucher,
  returnFromProvider,
  submitOrder,
  TEST_CARD_NUMBERS,
} from '../helpers/payments.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { ledgerEntries, ledgerLines, orders } from '../../src/server/db/schema/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import { getPayment } from '../../src/server/modules/payments/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';
import type { PaymentProvider } from '../../src/server/providers/payments/index.js';
import type { Db } from '../../src/server/db/client.js';

const PRICE = 40_000;

interface Shop {
  t: TestApp;
  store: StoreFixture;
  seller: string;
}

/** Checks the invariant after one way of paying order `orderId`. */
async function expectPaidOnce(shop: Shop, orderId: string, how: string): Promise<void> {
  const db: Db = shop.t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  expect(order.status, `${how}: the order is paid`).toBe('paid');
  const paid = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.storeId, shop.store.id),
        eq(ledgerEntries.orderId, orderId),
        eq(ledgerEntries.kind, 'order_paid'),
      ),
    );
  expect(
    paid.map((e) => e.key),
    `${how}: exactly one order_paid entry`,
  ).toEqual([`order:${orderId}:paid`]);
  const lines = await db.select().from(ledgerLines).where(eq(ledgerLines.entryId, paid[0].id));
  expect(
    lines.reduce((s, l) => s + l.amountCents, 0),
    `${how}: it balances`,
  ).toBe(0);
  const by = (a: string) => lines.find((l) => l.account === a)?.amountCents ?? 0;
  const fee = Math.round((order.itemsCents - order.discountCents) * 0.035);
  expect(0 - by('platform_fee'), `${how}: the fee is 3.5 % of the products after the coupon`).toBe(fee);
  expect(by('buyer_payment'), `${how}: the sale is the order's total`).toBe(order.totalCents);
  expect(0 - by('store_pending'), `${how}: the store's share`).toBe(order.totalCents - fee);

  const storeLines = await db
    .select()
    .from(ledgerLines)
    .where(
      and(eq(ledgerLines.storeId, shop.store.id), inArray(ledgerLines.account, ['store_pending', 'store_available'])),
    );
  const summary = (
    await shop.t.app.inject({ url: '/api/admin/balance/summary', headers: { authorization: `Bearer ${shop.seller}` } })
  ).json();
  expect(summary.totalCents, `${how}: the store's balance is the sum of its lines`).toBe(
    -storeLines.reduce((s, l) => s + l.amountCents, 0),
  );
  await expectLedgerReconciles(db, shop.store.id);
}

async function openShop(t: TestApp, codigo: string): Promise<Shop> {
  const store = await createStoreFixture(t.database.db);
  await createProductFixture(t.database.db, store.id, {
    codigo,
    variants: [{ sku: `${codigo}-1`, options: {}, priceCents: PRICE, stock: 1000 }],
  });
  return { t, store, seller: (await createSellerFixture(t.app, store.id)).token };
}

function place(app: FastifyInstance, shop: Shop, codigo: string, extra: Record<string, unknown> = {}) {
  return submitOrder(
    app,
    { store: shop.store },
    {
      idempotencyKey: randomUUID(),
      email: `p-${randomUUID().slice(0, 8)}@example.com`,
      items: [{ codigo, sku: `${codigo}-1`, quantity: 2 }],
      address: TEST_ADDRESS,
      shipping: { servicio: 'economico' },
      paymentMethod: 'card',
      ...extra,
    },
  );
}

async function placed(app: FastifyInstance, shop: Shop, codigo: string, extra: Record<string, unknown> = {}) {
  const res = await place(app, shop, codigo, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PlaceOrderResponse;
}

describe(`every way an order becomes paid, through the sandbox (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let shop: Shop;
  let dropWebhook = false;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        wrapPayments: (real): PaymentProvider => ({
          ...real,
          // The app is unreachable when the provider sends its webhook (the browser's return or the sweep must do).
          connectWebhooks(deliver) {
            real.connectWebhooks!(async (body, headers) => {
              if (!dropWebhook) return deliver(body, headers);
              return { statusCode: 503 };
            });
          },
        }),
      },
    );
    await seedPostalCodesFixture(t.database.db);
    shop = await openShop(t, 'PTH');
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { authorization: `Bearer ${shop.seller}` },
      payload: { code: 'TODO', kind: 'percent', value: 100 },
    });
    expect(coupon.statusCode).toBe(201);
    const ten = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { authorization: `Bearer ${shop.seller}` },
      payload: { code: 'DIEZ', kind: 'percent', value: 10 },
    });
    expect(ten.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the card’s webhook (the browser never comes back)', async () => {
    const o = await placed(t.app, shop, 'PTH', { couponCode: 'DIEZ' });
    expect((await confirmCardAtSandbox(t.app, o, TEST_CARD_NUMBERS.approved)).json().notified).toBe(true);
    await expectPaidOnce(shop, o.order.id, 'card webhook');
  });

  it('the browser’s return (the webhook was lost)', async () => {
    const o = await placed(t.app, shop, 'PTH');
    dropWebhook = true;
    try {
      await confirmCardAtSandbox(t.app, o, TEST_CARD_NUMBERS.approved);
    } finally {
      dropWebhook = false;
    }
    expect((await returnFromProvider(t.app, { store: shop.store }, o)).json().status).toBe('paid');
    await expectPaidOnce(shop, o.order.id, 'browser confirm');
  });

  it('3-D Secure approved at the bank', async () => {
    const o = await placed(t.app, shop, 'PTH');
    const c = (await confirmCardAtSandbox(t.app, o, TEST_CARD_NUMBERS.challenge)).json();
    expect(c.status).toBe('requires_action');
    expect((await answerChallenge(t.app, c.challengeId, true)).statusCode).toBeLessThan(400);
    await returnFromProvider(t.app, { store: shop.store }, o);
    await expectPaidOnce(shop, o.order.id, '3-D Secure');
  });

  it('the sandbox wallet’s approval, captured', async () => {
    const o = await placed(t.app, shop, 'PTH', { paymentMethod: 'paypal' });
    const u = new URL(o.confirmation!.approveUrl!, 'http://x');
    const res = await t.app.inject({
      method: 'POST',
      url: `${u.pathname}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ secret: u.searchParams.get('secret')! }).toString(),
    });
    expect(res.statusCode).toBe(303);
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/${o.order.payment!.id}/capture?viewToken=${o.viewToken}`,
      headers: { 'x-store-domain': shop.store.hostname },
      payload: {},
    });
    await expectPaidOnce(shop, o.order.id, 'wallet capture');
  });

  it('an OXXO voucher paid at the counter (webhook)', async () => {
    const o = await placed(t.app, shop, 'PTH', { paymentMethod: 'oxxo' });
    expect((await payVoucher(t.app, o.order.payment!.reference!)).statusCode).toBe(200);
    await expectPaidOnce(shop, o.order.id, 'OXXO webhook');
  });

  it('the seller marks an OXXO order paid by hand (cash at the shop)', async () => {
    const o = await placed(t.app, shop, 'PTH', { paymentMethod: 'oxxo', couponCode: 'DIEZ' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${o.order.id}/status`,
      headers: { authorization: `Bearer ${shop.seller}` },
      payload: { status: 'paid' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectPaidOnce(shop, o.order.id, 'seller by hand (OXXO)');
  });

  it('the seller marks a card order paid by hand (its card never confirmed)', async () => {
    const o = await placed(t.app, shop, 'PTH');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${o.order.id}/status`,
      headers: { authorization: `Bearer ${shop.seller}` },
      payload: { status: 'paid' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectPaidOnce(shop, o.order.id, 'seller by hand (card)');
  });

  it('a zero total (100 % coupon, pickup)', async () => {
    const o = await placed(t.app, shop, 'PTH', {
      couponCode: 'TODO',
      shipping: { servicio: 'pickup' },
      address: undefined,
    });
    await expectPaidOnce(shop, o.order.id, 'zero total');
  });

  it('the payment sweep finds a card the app never heard of', async () => {
    const o = await placed(t.app, shop, 'PTH');
    dropWebhook = true;
    try {
      await confirmCardAtSandbox(t.app, o, TEST_CARD_NUMBERS.approved);
    } finally {
      dropWebhook = false;
    }
    const [before] = await t.database.db.select().from(orders).where(eq(orders.id, o.order.id));
    expect(before.status).toBe('pending');
    await runPaymentSweep(
      { db: t.database.db, providers: t.app.providers, log: t.app.log },
      new Date(Date.now() + 20 * 60_000),
    );
    await expectPaidOnce(shop, o.order.id, 'recovery sweep');
  });
});

describe('every way an order becomes paid, through Stripe', () => {
  let t: TestApp;
  let fake: StripeFake;
  let shop: Shop;

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
    fake.onWebhook((payload, signature) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      }),
    );
    await seedPostalCodesFixture(t.database.db);
    shop = await openShop(t, 'STP');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a card confirmed by Stripe.js (webhook)', async () => {
    const o = await placed(t.app, shop, 'STP');
    const c = o.confirmation!;
    const pi = c.clientSecret.split('_secret_')[0];
    const res = await fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents/${pi}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: c.clientSecret, payment_method: 'pm_card_visa' }).toString(),
    });
    expect(res.status).toBe(200);
    await expectPaidOnce(shop, o.order.id, 'Stripe card');
  });

  it('an OXXO voucher paid at the counter', async () => {
    const o = await placed(t.app, shop, 'STP', { paymentMethod: 'oxxo' });
    const ref = (await getPayment({ db: t.database.db, storeId: shop.store.id }, o.order.payment!.id)).providerRef!;
    await fake.payOxxo(ref);
    await expectPaidOnce(shop, o.order.id, 'Stripe OXXO');
  });
});

describe('every way an order becomes paid, through PayPal', () => {
  let t: TestApp;
  let fake: PayPalFake;
  let shop: Shop;

  beforeAll(async () => {
    fake = await startPayPalFake();
    t = await createTestApp({
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
      PAYPAL_API_BASE: fake.baseUrl,
    });
    await seedPostalCodesFixture(t.database.db);
    shop = await openShop(t, 'PPL');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('an approval captured on the buyer’s return', async () => {
    const o = await placed(t.app, shop, 'PPL', { paymentMethod: 'paypal' });
    const ref = (await getPayment({ db: t.database.db, storeId: shop.store.id }, o.order.payment!.id)).providerRef!;
    await fake.approve(ref, { webhook: false });
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${o.order.payment!.id}/capture?viewToken=${o.viewToken}`,
      headers: { 'x-store-domain': shop.store.hostname },
      payload: {},
    });
    expect(back.json().status).toBe('paid');
    await expectPaidOnce(shop, o.order.id, 'PayPal capture');
  });
});
