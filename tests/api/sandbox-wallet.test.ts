/**
 * The sandbox's wallet (decision 071): offline, `npm start` offers PayPal through the sandbox provider, whose approval
 * page behaves like PayPal's: the buyer approves (or cancels) with the page's secret and is sent back to the store's
 * return page; the approval reaches the app as a signed webhook and the app captures. No unauthenticated request pays.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { submitOrder } from '../helpers/payments.js';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';
import { formatMoney } from '../../src/shared/money.js';

describe(`Sandbox wallet (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  const h = (lang = 'es') => ({ 'x-store-domain': store.hostname, 'accept-language': lang });

  const placed = async (lang = 'es') => {
    const res = await submitOrder(
      t.app,
      { store, lang },
      {
        idempotencyKey: randomUUID(),
        email: 'wallet@example.com',
        items: [{ codigo: 'SW', sku: 'SW-1', quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'paypal',
      },
    );
    expect(res.statusCode).toBe(201);
    return res.json() as PlaceOrderResponse;
  };
  const page = (o: PlaceOrderResponse) => new URL(o.confirmation!.approveUrl!, 'http://x');
  const answer = (o: PlaceOrderResponse, action: 'approve' | 'cancel', secret?: string) => {
    const u = page(o);
    return t.app.inject({
      method: 'POST',
      url: `${u.pathname}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ secret: secret ?? u.searchParams.get('secret')! }).toString(),
    });
  };
  const orderOf = async (o: PlaceOrderResponse) =>
    (await t.app.inject({ url: `/api/pedidos/${o.order.id}?viewToken=${o.viewToken}`, headers: h() })).json();

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'SW',
      variants: [{ sku: 'SW-1', options: {}, priceCents: 50_000, stock: 100 }],
    });
  });
  afterAll(async () => t?.close());

  it('offers the sandbox wallet and sends the buyer to its approval page in the buyer’s language', async () => {
    expect((await t.app.inject({ url: '/api/payments/client-config', headers: h() })).json()).toMatchObject({
      provider: 'sandbox',
      wallet: 'sandbox',
    });
    const o = await placed('en');
    expect(o.confirmation).toMatchObject({ provider: 'sandbox', locale: 'en' });
    const res = await t.app.inject({ url: `${page(o).pathname}${page(o).search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Approve the payment');
    expect(res.body).toContain(formatMoney(o.order.totalCents, 'en'));
    expect((await t.app.inject({ url: page(o).pathname + '?secret=nope' })).statusCode).toBe(400);
    const forged = `sbx_pi_${'0'.repeat(24)}_secret_${'A'.repeat(32)}`;
    const wrong = await t.app.inject({ url: `${page(o).pathname}?secret=${forged}` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('PAYMENT_NOT_FOUND');
  });

  it('approving sends the buyer back to the store and the app captures: the order is paid once', async () => {
    const o = await placed();
    const res = await answer(o, 'approve');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/micarrito/paypal?pedido=${o.order.id}&pago=${o.order.payment!.id}`);
    // The signed webhook told the app, which captured.
    expect(await orderOf(o)).toMatchObject({ status: 'paid', payment: { method: 'paypal', status: 'succeeded' } });
    const returns = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/payments/${o.order.payment!.id}/capture?viewToken=${o.viewToken}`,
          headers: h(),
          payload: {},
        }),
      ),
    );
    expect(returns.every((r) => r.statusCode === 200 && r.json().status === 'paid')).toBe(true);
    const history = (await orderOf(o)).history as { status: string }[];
    expect(history.filter((x) => x.status === 'paid')).toHaveLength(1);
    // Approving again changes nothing.
    expect((await answer(o, 'approve')).statusCode).toBe(303);
  });

  it('a wrong secret approves nothing; cancelling goes back to the store with the order still unpaid', async () => {
    const o = await placed();
    const forged = await answer(o, 'approve', `${o.confirmation!.approveUrl!.split('secret=')[1].slice(0, 31)}x`);
    expect(forged.statusCode).toBe(400);
    const otherSecret = await answer(o, 'approve', 'sbx_pi_' + '0'.repeat(24) + '_secret_' + 'A'.repeat(32));
    expect(otherSecret.statusCode).toBe(404);
    const cancel = await answer(o, 'cancel');
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toContain('cancelado=1');
    expect((await orderOf(o)).status).toBe('pending');
  });
});
