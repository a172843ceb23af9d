/**
 * A NUL (or any other control character) in a text field is never a 500, on PGlite or PostgreSQL.
 * Every text field of every request contract refuses control characters with 400 VALIDATION_FAILED and a translated
 * field message; a safety net refuses a NUL in any other string, and headers with NUL never reach a query.
 * Run on PGlite (`npx vitest run`) and on PostgreSQL (TEST_DATABASE_URL, `npm run test:api`).
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
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

type Inject = InjectOptions;

describe('control characters in requests', () => {
  let t: TestApp;
  let store: StoreFixture;
  let buyer: { token: string };
  let seller: { token: string };
  let orderId: string;
  const send = (opts: Inject) =>
    t.app.inject({ ...opts, headers: { 'x-store-domain': store.hostname, ...(opts.headers ?? {}) } });
  const asBuyer = { authorization: '' };

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'CC1',
      variants: [{ sku: 'CC1-1', options: {}, priceCents: 5000, stock: 10 }],
    });
    buyer = await createCustomerFixture(t.app, store);
    seller = await createSellerFixture(t.app, store.id);
    asBuyer.authorization = `Bearer ${buyer.token}`;
    const placed = await send({
      method: 'POST',
      url: '/api/pedido',
      headers: asBuyer,
      payload: {
        idempotencyKey: randomUUID(),
        items: [{ codigo: 'CC1', sku: 'CC1-1', quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    expect(placed.statusCode).toBe(201);
    orderId = placed.json().order.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Asserts a 400 VALIDATION_FAILED naming `path` with the translated control-characters message. */
  function expectRefused(res: { statusCode: number; body: string }, path: string, lang: 'es' | 'en' = 'es') {
    expect(res.statusCode, res.body).toBe(400);
    const body = JSON.parse(res.body);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toContainEqual({
      path,
      code: 'control_characters',
      message:
        lang === 'es'
          ? 'Contiene caracteres no permitidos (caracteres de control).'
          : 'Contains characters that are not allowed (control characters).',
    });
  }

  it.each(['q', 'departamento', 'categoria'])('search %s with a NUL is a 400, not a 500', async (name) => {
    const res = await send({ url: `/api/reseller/producto/search?${name}=camisa%00x` });
    expectRefused(res, `querystring.${name}`);
  });

  it('codigosStrings with a NUL is a 400', async () => {
    expectRefused(
      await send({ method: 'POST', url: '/api/getVistos', payload: { codigosStrings: 'CC1,\u0000X' } }),
      'codigosStrings',
    );
  });

  it('sku with a NUL is a 400 in the cart quote, the shipping rate and the order', async () => {
    const items = [{ codigo: 'CC1', sku: 'CC1\u0000', quantity: 1 }];
    expectRefused(await send({ method: 'POST', url: '/api/cart/quote', payload: { items } }), 'items.0.sku');
    expectRefused(
      await send({
        method: 'POST',
        url: '/api/reseller/packaging/rate-service',
        payload: { postalCode: '06700', items },
      }),
      'items.0.sku',
    );
    const order = await send({
      method: 'POST',
      url: '/api/pedido',
      payload: {
        idempotencyKey: randomUUID(),
        items,
        email: 'guest@example.com',
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    expectRefused(order, 'items.0.sku');
  });

  const ADDRESS_FIELDS = [
    'fullName',
    'street',
    'exteriorNumber',
    'interiorNumber',
    'state',
    'municipality',
    'city',
    'neighborhood',
    'deliveryInstructions',
    'phone',
  ] as const;
  it.each(ADDRESS_FIELDS)('address %s with a NUL is a 400 (saved address and guest checkout)', async (field) => {
    const address = { ...TEST_ADDRESS, [field]: `${TEST_ADDRESS[field]}\u0000x` };
    const saved = await send({ method: 'POST', url: '/api/addresses', headers: asBuyer, payload: address });
    expectRefused(saved, field);
    const order = await send({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'accept-language': 'en' },
      payload: {
        idempotencyKey: randomUUID(),
        items: [{ codigo: 'CC1', sku: 'CC1-1', quantity: 1 }],
        email: 'guest@example.com',
        address,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    expectRefused(order, `address.${field}`, 'en');
  });

  it('refuses other control characters too, and allows line breaks only where a field is a paragraph', async () => {
    for (const bad of ['\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\ud800', 'a\nb', 'a\tb']) {
      const res = await send({
        method: 'POST',
        url: '/api/addresses',
        headers: asBuyer,
        payload: { ...TEST_ADDRESS, street: `Calle${bad}Colima` },
      });
      expectRefused(res, 'street');
    }
    const ok = await send({
      method: 'POST',
      url: '/api/addresses',
      headers: asBuyer,
      payload: {
        ...TEST_ADDRESS,
        fullName: 'Zoë Núñez 李',
        deliveryInstructions: 'Tocar el timbre.\nDejar con\tel portero.',
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().deliveryInstructions).toBe('Tocar el timbre.\nDejar con\tel portero.');
    expect(ok.json().fullName).toBe('Zoë Núñez 李');
  });

  it('refuses a NUL in the accounts, payment and admin fields', async () => {
    const cases: [Inject, string][] = [
      [
        {
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            fullName: 'Ana\u0000',
            email: 'ana@example.com',
            password: 'Secreta123!',
            passwordConfirm: 'Secreta123!',
          },
        },
        'fullName',
      ],
      [
        { method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: 'x\u0000y12345' } },
        'password',
      ],
      [{ method: 'POST', url: '/api/auth/recover', payload: { email: 'a\u0000@example.com' } }, 'email'],
      [{ url: '/api/auth/reset/abcdefghijkl%00mnop' }, 'params.token'],
      [
        {
          method: 'POST',
          url: '/api/auth/reset',
          payload: { token: 'abcdefghij\u0000', password: 'Secreta123!', passwordConfirm: 'Secreta123!' },
        },
        'token',
      ],
      [
        {
          method: 'POST',
          url: '/api/store-floor/exchange',
          payload: { code: 'abcdefghij\u0000' },
        },
        'code',
      ],
      [
        {
          method: 'POST',
          url: `/api/admin/orders/${orderId}/status`,
          headers: { authorization: `Bearer ${seller.token}` },
          payload: { status: 'cancelled', trackingNumber: 'TRK\u0000' },
        },
        'trackingNumber',
      ],
    ];
    for (const [req, path] of cases) expectRefused(await send(req), path);
    // The order was not touched by the refused status change.
    const order = await send({
      url: `/api/admin/orders/${orderId}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(order.json().status).toBe('pending');
  });

  it('the safety net refuses a NUL in a string that no contract checks (the guest order view token)', async () => {
    const res = await send({ url: `/api/pedidos/${orderId}?viewToken=abc%00def` });
    expectRefused(res, 'querystring.viewToken');
  });

  it('headers carrying a NUL never reach a query: no 5xx', async () => {
    const headers: Record<string, string>[] = [
      { 'x-store-domain': `${store.hostname}\u0000` },
      { host: `${store.hostname}\u0000` },
      { authorization: 'Bearer abc\u0000def' },
      { 'accept-language': 'en\u0000' },
      { 'x-page-url': 'http://x/\u0000' },
    ];
    for (const h of headers) {
      for (const url of ['/api/reseller/configwebsite', '/api/user', '/api/pedidos']) {
        const res = await t.app.inject({ url, headers: { 'x-store-domain': store.hostname, ...h } });
        expect(res.statusCode, `${url} ${JSON.stringify(h)} → ${res.body}`).toBeLessThan(500);
      }
    }
  });
});
