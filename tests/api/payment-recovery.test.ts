/**
 * A crash between "the provider charged the card" and "the order is marked paid" loses nothing. The
 * card is paid the way the browser pays it, at the provider (decision 056). The payment attempt is recorded before
 * the provider call, so the sweep asks the provider before expiring the order (and marks it paid instead of telling
 * the buyer the payment did not arrive, when the app never heard of the charge), a retry with the same key resumes
 * the order and its one provider payment instead of creating another, and money that arrives for an order already
 * cancelled goes back. The crashes are simulated by a provider wrapper that lets the sandbox create the payment and
 * then fails or never answers, and by a webhook the app does not receive.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import {
  answerChallenge,
  confirmCardAtSandbox,
  payPlacedOrder,
  payVoucher,
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
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import { checkoutRequests, orders, sandboxPayments, sandboxWebhookEvents } from '../../src/server/db/schema/index.js';
import type { PaymentProvider } from '../../src/server/providers/payments/index.js';

const LATER = () => new Date(Date.now() + 16 * 60_000);

describe(`recovery after a crash mid-payment (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let seller: { token: string };
  let crash: 'none' | 'after-create' | 'hang' = 'none';
  let lagCancel = false;
  let dropWebhook = false;
  let unhang: () => void = () => undefined;

  const stock = async () =>
    (await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, ['REC-1']))[0].stock;
  const body = (key: string, email: string) => ({
    idempotencyKey: key,
    email,
    items: [{ codigo: 'REC', sku: 'REC-1', quantity: 2 }],
    address: TEST_ADDRESS,
    shipping: { servicio: 'economico' },
    paymentMethod: 'card',
  });
  const submit = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/pedido', headers: { 'x-store-domain': store.hostname }, payload });
  const orderByKey = async (key: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key)))[0];
  const sandboxOf = (orderId: string) =>
    t.database.db
      .select()
      .from(sandboxPayments)
      .where(sql`${sandboxPayments.metadata}->>'orderId' = ${orderId}`);
  const sweep = () => runPaymentSweep({ db: t.database.db, providers: t.app.providers, log: t.app.log }, LATER());

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        wrapPayments: (real): PaymentProvider => ({
          ...real,
          // The provider created the card payment, but the app never heard its answer.
          async createPayment(input) {
            // The mode when the call began: the test may reset `crash` while the provider is still answering.
            const mode = crash;
            const created = await real.createPayment(input);
            if (mode === 'after-create') throw new Error('the process died right after the provider call');
            if (mode === 'hang') {
              await new Promise<void>((r) => (unhang = r));
              throw new Error('the process was killed');
            }
            return created;
          },
          // The app is unreachable when the provider sends its webhook: the provider must send it again.
          connectWebhooks(deliver) {
            real.connectWebhooks!(async (body, headers) => {
              if (!dropWebhook) return deliver(body, headers);
              dropWebhook = false;
              return { statusCode: 503 };
            });
          },
          // A provider whose cancel did not take (a race on its side): the payment stays payable there.
          async cancelPayment(ref) {
            return lagCancel ? (await real.retrievePayment(ref))! : real.cancelPayment(ref);
          },
        }),
      },
    );
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'REC',
      variants: [{ sku: 'REC-1', options: {}, priceCents: 30000, stock: 40 }],
    });
    seller = await createSellerFixture(t.app, store.id);
  });
  beforeEach(() => {
    crash = 'none';
    lagCancel = false;
    dropWebhook = false;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the sweep asks the provider first: a charged card marks the order paid, no "payment did not arrive"', async () => {
    const before = await stock();
    const key = randomUUID();
    const placed = await submit(body(key, 'crash-sweep@example.com'));
    expect(placed.statusCode).toBe(201);
    // The browser pays at the provider, but the app is down when the webhook comes and the browser never returns.
    dropWebhook = true;
    expect((await confirmCardAtSandbox(t.app, placed.json(), TEST_CARD_NUMBERS.approved)).json()).toMatchObject({
      status: 'succeeded',
      notified: false,
    });
    const order = await orderByKey(key);
    expect(order.status).toBe('pending');
    expect((await sandboxOf(order.id)).map((p) => p.status)).toEqual(['succeeded']);

    await sweep();
    expect((await orderByKey(key)).status).toBe('paid');
    expect(await stock()).toBe(before - 2);
    // The provider's webhook, sent again once the app is back, changes nothing.
    await t.database.db
      .update(sandboxWebhookEvents)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(isNull(sandboxWebhookEvents.deliveredAt));
    expect((await runPaymentSweep({ db: t.database.db, providers: t.app.providers, log: t.app.log })).redelivered).toBe(
      1,
    );
    expect((await orderByKey(key)).status).toBe('paid');
    await t.app.jobs.drain();
    const mails = mailsTo(t.dataDir, 'crash-sweep@example.com');
    expect(mails.filter((m) => m.includes('se canceló'))).toEqual([]);
    expect(mails.filter((m) => m.includes('Recibimos tu pago y ya estamos preparando tu pedido.'))).toHaveLength(1);
  });

  it('a retry with the same key resumes the order: paid, charged once, stock taken once', async () => {
    const before = await stock();
    const key = randomUUID();
    crash = 'after-create';
    expect((await submit(body(key, 'crash-retry@example.com'))).statusCode).toBe(500);
    crash = 'none';
    const retry = await submit(body(key, 'crash-retry@example.com'));
    expect(retry.statusCode).toBe(201);
    expect(retry.json().confirmation.clientSecret).toMatch(/_secret_/);
    // The browser pays the payment the retry answered: the one the provider created before the crash.
    expect((await payPlacedOrder(t.app, { store }, retry.json())).json().status).toBe('paid');
    expect(await sandboxOf(retry.json().order.id)).toHaveLength(1);
    expect(await stock()).toBe(before - 2);
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, 'crash-retry@example.com')).toHaveLength(1);
  });

  it('a request killed after the charge is resumed by the next retry once its lease ran out', async () => {
    const key = randomUUID();
    crash = 'hang';
    const first = submit(body(key, 'killed@example.com'));
    await expect
      .poll(async () => (await orderByKey(key)) && (await sandboxOf((await orderByKey(key)).id))[0]?.status)
      .toBe('requires_confirmation');
    crash = 'none';
    // The dead request's lease runs out (30 s in real time).
    await t.database.db
      .update(checkoutRequests)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(checkoutRequests.idempotencyKey, key));
    const retry = await submit(body(key, 'killed@example.com'));
    expect(retry.statusCode).toBe(201);
    expect((await payPlacedOrder(t.app, { store }, retry.json())).json().status).toBe('paid');
    unhang();
    expect((await first).statusCode).toBe(500);
    // The dead request could not overwrite the answer recorded by the one that took over.
    const again = await submit(body(key, 'killed@example.com'));
    expect(again.statusCode).toBe(201);
    expect(again.json().order).toMatchObject({ id: retry.json().order.id, status: 'paid' });
    expect(await sandboxOf(retry.json().order.id)).toHaveLength(1);
  });

  it('refunds a card payment that succeeds after its order was cancelled', async () => {
    const before = await stock();
    const placed = (await submit(body(randomUUID(), 'late@example.com'))).json();
    const challenge = (await confirmCardAtSandbox(t.app, placed, TEST_CARD_NUMBERS.challenge)).json();
    expect(challenge.status).toBe('requires_action');
    lagCancel = true;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.order.id}/status`,
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { status: 'cancelled' },
    });
    expect(cancelled.json().status).toBe('cancelled');
    expect(await stock()).toBe(before);
    // The shopper still answers the bank: the money arrives for an order that no longer exists.
    expect((await answerChallenge(t.app, challenge.challengeId, true)).json().status).toBe('succeeded');
    const [charge] = await sandboxOf(placed.order.id);
    expect(charge.refundedCents).toBe(charge.amountCents);
    const view = (
      await t.app.inject({
        url: `/api/admin/orders/${placed.order.id}`,
        headers: { authorization: `Bearer ${seller.token}` },
      })
    ).json();
    expect(view).toMatchObject({ status: 'cancelled', refundDueCents: 0, payment: { status: 'refunded' } });
    expect(await stock()).toBe(before);
  });

  it('an abandoned 3-D Secure is voided at the provider when the sweep frees its stock', async () => {
    const before = await stock();
    const placed = (await submit(body(randomUUID(), 'abandoned@example.com'))).json();
    const challenge = (await confirmCardAtSandbox(t.app, placed, TEST_CARD_NUMBERS.challenge)).json();
    expect(challenge.status).toBe('requires_action');
    const hold = (await orderByKey2(placed.order.id)).reservationExpiresAt!;
    expect(hold.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    await sweep();
    expect((await orderByKey2(placed.order.id)).status).toBe('cancelled');
    expect(await stock()).toBe(before);
    expect((await sandboxOf(placed.order.id))[0].status).toBe('canceled');
    // Too late at the bank: the sandbox refuses, nothing is charged.
    expect((await answerChallenge(t.app, challenge.challengeId, true)).statusCode).toBe(409);
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, 'abandoned@example.com').filter((m) => m.includes('se canceló'))).toHaveLength(1);
  });

  it('resends a webhook the app did not acknowledge: the sweep delivers it and the order is paid once', async () => {
    const placed = (await submit({ ...body(randomUUID(), 'resend@example.com'), paymentMethod: 'oxxo' })).json();
    dropWebhook = true;
    expect((await payVoucher(t.app, placed.order.payment.reference)).json()).toMatchObject({ notified: false });
    expect((await orderByKey2(placed.order.id)).status).toBe('pending');
    await t.database.db
      .update(sandboxWebhookEvents)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(isNull(sandboxWebhookEvents.deliveredAt));
    expect((await runPaymentSweep({ db: t.database.db, providers: t.app.providers, log: t.app.log })).redelivered).toBe(
      1,
    );
    expect((await orderByKey2(placed.order.id)).status).toBe('paid');
    expect((await runPaymentSweep({ db: t.database.db, providers: t.app.providers, log: t.app.log })).redelivered).toBe(
      0,
    );
    await t.app.jobs.drain();
    expect(
      mailsTo(t.dataDir, 'resend@example.com').filter((m) => m.includes('Recibimos tu pago en OXXO')),
    ).toHaveLength(1);
  });

  async function orderByKey2(id: string) {
    return (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  }
});
