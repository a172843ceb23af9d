/**
 * Every route answers malformed or hostile input with a translated 4xx `{ code, message }` (field errors
 * where relevant), never a 5xx, and nothing saved before is lost.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';

type Method = 'GET' | 'POST' | 'DELETE';
const ROUTES: { method: Method; url: string; auth?: 'buyer' | 'seller' }[] = [
  { method: 'GET', url: '/api/reseller/configwebsite' },
  { method: 'GET', url: '/api/reseller/post_categoria_departamento' },
  { method: 'GET', url: '/api/home' },
  { method: 'GET', url: '/api/reseller/producto/search' },
  { method: 'GET', url: '/api/productos/:x' },
  { method: 'POST', url: '/api/getVistos' },
  { method: 'POST', url: '/api/visto' },
  { method: 'GET', url: '/api/postal-codes/:x' },
  { method: 'POST', url: '/api/auth/register' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/auth/logout' },
  { method: 'GET', url: '/api/user' },
  { method: 'POST', url: '/api/auth/recover' },
  { method: 'GET', url: '/api/auth/reset/:x' },
  { method: 'POST', url: '/api/auth/reset' },
  { method: 'GET', url: '/api/addresses', auth: 'buyer' },
  { method: 'POST', url: '/api/addresses', auth: 'buyer' },
  { method: 'DELETE', url: '/api/addresses/:x', auth: 'buyer' },
  { method: 'POST', url: '/api/cart/quote' },
  { method: 'POST', url: '/api/reseller/packaging/rate-service' },
  { method: 'POST', url: '/api/pedido' },
  { method: 'POST', url: '/api/payments/:x/3ds' },
  { method: 'GET', url: '/api/oxxopay/:x' },
  { method: 'POST', url: '/api/payments/sandbox/oxxo/:x/pay' },
  { method: 'POST', url: '/api/payments/sandbox/3ds/:x' },
  { method: 'POST', url: '/api/payments/webhooks/:x' },
  { method: 'GET', url: '/api/pedidos', auth: 'buyer' },
  { method: 'GET', url: '/api/pedidos/:x', auth: 'buyer' },
  { method: 'POST', url: '/api/admin/login' },
  { method: 'GET', url: '/api/admin/dashboard', auth: 'seller' },
  { method: 'GET', url: '/api/admin/orders', auth: 'seller' },
  { method: 'GET', url: '/api/admin/orders/:x', auth: 'seller' },
  { method: 'POST', url: '/api/admin/orders/:x/status', auth: 'seller' },
];

const HOSTILE_BODIES: unknown[] = [
  {},
  [],
  'texto',
  42,
  null,
  [1, 2, 3],
  { items: 'no', quantity: -1, email: 'no-es-correo', codigosStrings: 12 },
  { items: [{ codigo: 'A', sku: 'A', quantity: 1.5 }], postalCode: '1234' },
  { items: [{ codigo: "'; DROP TABLE orders; --", sku: 'x', quantity: -5 }] },
  { items: Array.from({ length: 500 }, () => ({ codigo: 'A', sku: 'A', quantity: 1 })) },
  JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'),
  { email: 'a'.repeat(10_000), password: 'b'.repeat(10_000), fullName: '<script>alert(1)</script>' },
  { idempotencyKey: 'no-uuid', paymentMethod: 'bitcoin', shipping: { servicio: 'drone' }, card: { number: '1234' } },
  { status: 'shipped_to_mars', challengeId: {}, approved: 'yes', token: 'x' },
];
const HOSTILE_PARAMS = [
  '%00',
  "1'%20OR%201=1",
  'a'.repeat(300),
  '..%2F..%2Fetc%2Fpasswd',
  randomUUID(),
  '-1',
  '%F0%9F%92%A9',
];
const HOSTILE_QUERIES = [
  '?page=-1',
  '?page=abc&pageSize=100000',
  '?sort=random&q=' + 'x'.repeat(500),
  '?status=lost',
  '?viewToken=' + 'z'.repeat(1000),
  '?q=%27%3B%20DROP%20TABLE%20products',
];

describe('hostile input on every route', () => {
  let t: TestApp;
  let store: StoreFixture;
  let buyer: { token: string };
  let seller: { token: string };
  let savedOrderId: string;
  let savedAddressId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'OK1',
      variants: [{ sku: 'OK1-1', options: {}, priceCents: 5000, stock: 10 }],
    });
    buyer = await createCustomerFixture(t.app, store);
    seller = await createSellerFixture(t.app, store.id);
    const hb = { 'x-store-domain': store.hostname, authorization: `Bearer ${buyer.token}` };
    savedAddressId = (
      await t.app.inject({ method: 'POST', url: '/api/addresses', headers: hb, payload: TEST_ADDRESS })
    ).json().id;
    savedOrderId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/pedido',
        headers: hb,
        payload: {
          idempotencyKey: randomUUID(),
          items: [{ codigo: 'OK1', sku: 'OK1-1', quantity: 1 }],
          addressId: savedAddressId,
          shipping: { servicio: 'economico' },
          paymentMethod: 'oxxo',
        },
      })
    ).json().order.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const headersFor = (auth?: 'buyer' | 'seller') => ({
    'x-store-domain': store.hostname,
    ...(auth === 'buyer'
      ? { authorization: `Bearer ${buyer.token}` }
      : auth === 'seller'
        ? { authorization: `Bearer ${seller.token}` }
        : {}),
  });

  const expectClientError = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode < 400 || res.statusCode >= 500)
      throw new Error(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    const body = JSON.parse(res.body);
    expect(typeof body.code, what).toBe('string');
    expect(typeof body.message, what).toBe('string');
    expect(body.message.length, what).toBeGreaterThan(0);
  };

  it('never answers 5xx to hostile bodies, params and queries', async () => {
    let checked = 0;
    for (const route of ROUTES) {
      const urls = route.url.includes(':x')
        ? HOSTILE_PARAMS.map((p) => route.url.replace(':x', p))
        : [route.url, ...HOSTILE_QUERIES.map((q) => route.url + q)];
      for (const url of urls) {
        if (route.method === 'POST') {
          for (const payload of HOSTILE_BODIES) {
            const res = await t.app.inject({
              method: 'POST',
              url,
              headers: { ...headersFor(route.auth), 'content-type': 'application/json' },
              payload: JSON.stringify(payload),
            });
            if (res.statusCode < 400) continue; // e.g. logout or recover accept anything harmless
            expectClientError(res, `POST ${url} ${JSON.stringify(payload).slice(0, 80)}`);
            checked++;
          }
          const broken = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...headersFor(route.auth), 'content-type': 'application/json' },
            payload: '{"items": [',
          });
          expectClientError(broken, `POST ${url} invalid JSON`);
          const wrongType = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...headersFor(route.auth), 'content-type': 'text/xml' },
            payload: '<x/>',
          });
          expectClientError(wrongType, `POST ${url} text/xml`);
          checked += 2;
        } else {
          const res = await t.app.inject({ method: route.method, url, headers: headersFor(route.auth) });
          if (res.statusCode >= 400) {
            expectClientError(res, `${route.method} ${url}`);
            checked++;
          } else expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(300);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('returns field errors for a malformed checkout body, translated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { ...headersFor(), 'accept-language': 'en' },
      payload: {
        idempotencyKey: 'x',
        items: [{ codigo: 'OK1', sku: 'OK1-1', quantity: 0 }],
        shipping: { servicio: 'drone' },
        paymentMethod: 'card',
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('Please check the highlighted fields.');
    expect(body.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['idempotencyKey', 'items.0.quantity', 'shipping.servicio']),
    );
  });

  it('refuses card data in a checkout body first, even a malformed one: 422 CARD_DATA_NOT_ACCEPTED, translated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { ...headersFor(), 'accept-language': 'en' },
      payload: HOSTILE_BODIES.find((b) => typeof b === 'object' && b !== null && 'card' in b),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'CARD_DATA_NOT_ACCEPTED',
      message: expect.stringMatching(/^For your security, this store does not take card details/),
    });
  });

  it('keeps everything saved before the hostile requests', async () => {
    const hb = { 'x-store-domain': store.hostname, authorization: `Bearer ${buyer.token}` };
    const order = await t.app.inject({ url: `/api/pedidos/${savedOrderId}`, headers: hb });
    expect(order.statusCode).toBe(200);
    expect(order.json().status).toBe('pending');
    const addresses = (await t.app.inject({ url: '/api/addresses', headers: hb })).json();
    expect(addresses.map((a: { id: string }) => a.id)).toEqual([savedAddressId]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
