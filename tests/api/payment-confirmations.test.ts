/**
 * Every confirmation of money is authenticated. Nobody can mark an OXXO voucher paid without the
 * sandbox operator's signature (the buyer reads the reference on their own voucher); the app believes only webhooks
 * signed by the provider, applies a replayed one once, and never takes a shopper's "approved: true"; with
 * NODE_ENV=production the sandbox does not exist at all. `npm run oxxo:pay` pays through the running server. The
 * sandbox's state lives in the database: a second app instance (or a restart) sees and pays the same voucher.
 */
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import { answerChallenge, confirmCardAtSandbox, payVoucher, TEST_CARD_NUMBERS } from '../helpers/payments.js';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { deriveKey, loadAppSecret } from '../../src/server/lib/secrets.js';
import { signPayload } from '../../src/server/providers/payments/signature.js';
import { payments, sandboxWebhookEvents } from '../../src/server/db/schema/index.js';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

describe(`authenticated payment confirmations (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  const h = () => ({ 'x-store-domain': store.hostname });
  const place = async (email: string, extra: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/pedido',
        headers: h(),
        payload: {
          idempotencyKey: randomUUID(),
          email,
          items: [{ codigo: 'PAY', sku: 'PAY-1', quantity: 1 }],
          address: TEST_ADDRESS,
          shipping: { servicio: 'economico' },
          paymentMethod: 'oxxo',
          ...extra,
        },
      })
    ).json() as PlaceOrderResponse;
  const statusOf = async (o: PlaceOrderResponse) =>
    (await t.app.inject({ url: `/api/pedidos/${o.order.id}?viewToken=${o.viewToken}`, headers: h() })).json().status;
  const webhookKey = () => deriveKey(loadAppSecret(t.app.config), 'sandbox-webhook');

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'PAY',
      variants: [{ sku: 'PAY-1', options: {}, priceCents: 20000, stock: 100 }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to mark a voucher paid without the operator signature (the buyer knows the reference)', async () => {
    const o = await place('unsigned@example.com');
    const url = `/api/payments/sandbox/oxxo/${o.order.payment!.reference}/pay`;
    const bare = await t.app.inject({ method: 'POST', url, headers: h() });
    expect(bare.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'sandbox-operator-signature': signPayload('guessed-secret', `POST ${url}`) },
    });
    expect(forged.statusCode).toBe(401);
    const key = deriveKey(loadAppSecret(t.app.config), 'sandbox-operator');
    const stale = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'sandbox-operator-signature': signPayload(key, `POST ${url}`, new Date(Date.now() - 3_600_000)) },
    });
    expect(stale.statusCode).toBe(401);
    expect(await statusOf(o)).toBe('pending');
    expect((await payVoucher(t.app, o.order.payment!.reference!)).statusCode).toBe(200);
    expect(await statusOf(o)).toBe('paid');
  });

  it('ignores webhooks without a valid, fresh provider signature', async () => {
    const o = await place('forged@example.com');
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment.succeeded',
      data: { ...o.order.payment, providerRef: 'x', status: 'succeeded', refundedCents: 0, metadata: {} },
    });
    const send = (sig?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', ...(sig ? { 'sandbox-signature': sig } : {}) },
        payload: body,
      });
    for (const sig of [undefined, signPayload('not-the-key', body), signPayload(webhookKey(), body, new Date(0))]) {
      const res = await send(sig);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await statusOf(o)).toBe('pending');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('applies a webhook replayed 10 times (in parallel) once: one state change, one email', async () => {
    const o = await place('replay@example.com');
    await payVoucher(t.app, o.order.payment!.reference!);
    const [event] = await t.database.db
      .select()
      .from(sandboxWebhookEvents)
      .where(eq(sandboxWebhookEvents.paymentId, await providerRefOf(o)));
    expect(event.deliveredAt).not.toBeNull();
    const body = JSON.stringify({ id: event.id, type: event.type, created: event.createdAt, data: event.payload });
    const replays = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox',
          headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(webhookKey(), body) },
          payload: body,
        }),
      ),
    );
    expect(replays.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replays.every((r) => r.json().duplicate === true)).toBe(true);
    const view = (
      await t.app.inject({ url: `/api/pedidos/${o.order.id}?viewToken=${o.viewToken}`, headers: h() })
    ).json();
    expect(view.history.filter((x: { status: string }) => x.status === 'paid')).toHaveLength(1);
    await t.app.jobs.drain();
    expect(
      mailsTo(t.dataDir, 'replay@example.com').filter((m) => m.includes('Recibimos tu pago en OXXO')),
    ).toHaveLength(1);
  });

  it('never takes the shopper’s word for a 3-D Secure approval', async () => {
    const o = await place('tds@example.com', { paymentMethod: 'card' });
    // The browser sends the card to the sandbox, which asks for 3-D Secure.
    const { status, challengeId } = (await confirmCardAtSandbox(t.app, o, TEST_CARD_NUMBERS.challenge)).json();
    expect(status).toBe('requires_action');
    const url = `/api/payments/${o.order.payment!.id}/3ds?viewToken=${o.viewToken}`;
    const claim = await t.app.inject({
      method: 'POST',
      url,
      headers: h(),
      payload: { challengeId, approved: true },
    });
    expect(claim.statusCode).toBe(400);
    const asked = await t.app.inject({ method: 'POST', url, headers: h(), payload: {} });
    expect(asked.json().status).toBe('pending');
    expect((await answerChallenge(t.app, 'not-the-challenge-id-at-all', true)).statusCode).toBe(404);
    await answerChallenge(t.app, challengeId, true);
    expect(await statusOf(o)).toBe('paid');
    expect((await answerChallenge(t.app, challengeId, false)).statusCode).toBe(409);
    expect(await statusOf(o)).toBe('paid');
  });

  it('pays through the running server with npm run oxxo:pay, once', async () => {
    const o = await place('cli@example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const run = () =>
      promisify(execFile)('npx', ['tsx', 'scripts/oxxo-pay.ts', o.order.payment!.reference!], {
        env: { ...process.env, DATA_DIR: t.dataDir, VITRINA_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'test' },
      }).then(
        (r) => ({ ok: true, out: r.stdout }),
        (e: { stderr: string }) => ({ ok: false, out: e.stderr }),
      );
    const first = await run();
    expect(first).toMatchObject({ ok: true });
    expect(first.out).toContain('The store was notified.');
    expect(await statusOf(o)).toBe('paid');
    const second = await run();
    expect(second.ok).toBe(false);
    expect(second.out).toContain('Este pago ya fue procesado.');
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, 'cli@example.com').filter((m) => m.includes('Recibimos tu pago en OXXO'))).toHaveLength(
      1,
    );
  }, 60_000);

  it('keeps the sandbox in the database: another instance on the same database pays the voucher', async () => {
    const o = await place('instances@example.com');
    const other = await buildApp({ db: t.database.db, config: t.app.config, logger: false });
    await other.ready();
    try {
      expect((await payVoucher(other, o.order.payment!.reference!)).json()).toMatchObject({ notified: true });
      expect(await statusOf(o)).toBe('paid');
    } finally {
      await other.close();
    }
  });

  it('has no sandbox in production: no sandbox route, no card path, checkout refused with 503', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENTS_SANDBOX/);
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect(prod.app.config.PAYMENTS_SANDBOX).toBe(false);
      const s = await createStoreFixture(prod.database.db);
      await createProductFixture(prod.database.db, s.id, {
        codigo: 'PROD',
        variants: [{ sku: 'PROD-1', options: {}, priceCents: 20000, stock: 5 }],
      });
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/pedido',
        headers: { 'x-store-domain': s.hostname },
        payload: {
          idempotencyKey: randomUUID(),
          email: 'prod@example.com',
          items: [{ codigo: 'PROD', sku: 'PROD-1', quantity: 1 }],
          shipping: { servicio: 'pickup' },
          paymentMethod: 'card',
        },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PAYMENTS_UNAVAILABLE');
      expect((await getVariantsForCheckout({ db: prod.database.db, storeId: s.id }, ['PROD-1']))[0].stock).toBe(5);
      for (const url of [
        '/api/payments/sandbox/oxxo/12345678901234/pay',
        '/api/payments/sandbox/3ds/abcdefghijklmnopqrstuvwxyz',
      ]) {
        const r = await prod.app.inject({ method: 'POST', url, payload: { approved: true } });
        expect(r.statusCode).toBe(404);
      }
      const hook = await prod.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  /** The sandbox's reference of an order's payment. */
  async function providerRefOf(o: PlaceOrderResponse): Promise<string> {
    const [p] = await t.database.db.select().from(payments).where(eq(payments.orderId, o.order.id));
    return p.providerRef!;
  }
});
