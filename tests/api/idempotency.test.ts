/**
 * One idempotency key, one result. 20 parallel submits of one order (a double click, a retrying
 * network) give 20 identical answers for one order and one payment to confirm; the card, paid in the browser as the
 * storefront does (decision 056), is charged once and sends one email; a declined card gives 20 identical
 * PAYMENT_DECLINED returns and one cancelled order holding nothing; a different body under the same key is 422
 * IDEMPOTENCY_KEY_REUSED. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { confirmCardAtSandbox, returnFromProvider, TEST_CARD_NUMBERS } from '../helpers/payments.js';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';
import { orders, sandboxPayments } from '../../src/server/db/schema/index.js';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`idempotent checkout (${db})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  const stock = async () =>
    (await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, ['IDEM-1']))[0].stock;
  const submit = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/pedido', headers: { 'x-store-domain': store.hostname }, payload });
  const body = (key: string, email: string, extra: Record<string, unknown> = {}) => ({
    idempotencyKey: key,
    email,
    items: [{ codigo: 'IDEM', sku: 'IDEM-1', quantity: 1 }],
    address: TEST_ADDRESS,
    shipping: { servicio: 'economico' },
    paymentMethod: 'card',
    ...extra,
  });
  const chargesFor = async (orderId: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxPayments)
        .where(sql`${sandboxPayments.metadata}->>'orderId' = ${orderId}`)
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'IDEM',
      variants: [{ sku: 'IDEM-1', options: {}, priceCents: 10000, stock: 50 }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 20 parallel submits with one key with the same order: one charge, one email, stock taken once', async () => {
    const before = await stock();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(body(key, 'double@example.com'))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((r) => r.json().order.id));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((r) => r.json().viewToken)).size).toBe(1);
    // One payment to confirm: every answer carries the same client secret.
    expect(new Set(answers.map((r) => r.json().confirmation.clientSecret)).size).toBe(1);
    expect(answers.every((r) => r.json().order.status === 'pending')).toBe(true);
    expect(await stock()).toBe(before - 1);
    // The browser pays with the card it got back (a double click confirms twice), then returns to the store.
    const placed = answers[0].json() as PlaceOrderResponse;
    const confirms = await Promise.all(
      [answers[0], answers[19]].map((r) => confirmCardAtSandbox(t.app, r.json(), TEST_CARD_NUMBERS.approved)),
    );
    expect(confirms.map((r) => r.json().status)).toEqual(['succeeded', 'succeeded']);
    const back = await returnFromProvider(t.app, { store }, placed);
    expect(back.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    expect(back.json().history.filter((x: { status: string }) => x.status === 'paid')).toHaveLength(1);
    expect(await stock()).toBe(before - 1);
    expect(await chargesFor([...ids][0])).toBe(1);
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, 'double@example.com')).toHaveLength(1);
    const rows = await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    // A later retry of the submit answers the same order, now paid, and charges nothing more.
    const later = await submit(body(key, 'double@example.com'));
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ order: { id: placed.order.id, status: 'paid' }, confirmation: null });
    expect(await chargesFor(placed.order.id)).toBe(1);
  });

  it('answers 20 parallel submits and returns of a declined card with the same PAYMENT_DECLINED, and holds no stock', async () => {
    const before = await stock();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(body(key, 'declined@example.com'))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const placed = answers[0].json() as PlaceOrderResponse;
    expect((await confirmCardAtSandbox(t.app, placed, TEST_CARD_NUMBERS.declined)).json()).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
    });
    const returns = await Promise.all(Array.from({ length: 20 }, () => returnFromProvider(t.app, { store }, placed)));
    expect(returns.map((r) => r.statusCode)).toEqual(Array(20).fill(422));
    expect(new Set(returns.map((r) => r.json().code))).toEqual(new Set(['PAYMENT_DECLINED']));
    expect(new Set(returns.map((r) => r.body)).size).toBe(1);
    expect(await stock()).toBe(before);
    const rows = await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows.map((o) => o.status)).toEqual(['cancelled']);
    // A later retry of the same attempt still gets the same (now cancelled) order, and still charges nothing.
    const later = await submit(body(key, 'declined@example.com'));
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ order: { id: placed.order.id, status: 'cancelled' }, confirmation: null });
    expect(await stock()).toBe(before);
    expect(await chargesFor(rows[0].id)).toBe(1);
  });

  it('refuses a different order under a key already used, with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = randomUUID();
    const first = await submit(body(key, 'reuse@example.com'));
    expect(first.statusCode).toBe(201);
    const before = await stock();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': store.hostname, 'accept-language': 'en' },
      payload: body(key, 'reuse@example.com', { items: [{ codigo: 'IDEM', sku: 'IDEM-1', quantity: 3 }] }),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This checkout attempt was already used for another order. Reload the page and try again.',
    });
    expect(await stock()).toBe(before);
    // Same order with its keys in another order is the same request.
    const same = await submit(Object.fromEntries(Object.entries(body(key, 'reuse@example.com')).reverse()));
    expect(same.statusCode).toBe(201);
    expect(same.json().order.id).toBe(first.json().order.id);
  });

  it('gives 20 parallel OXXO submits with one key one voucher', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => submit(body(key, 'oxxo-double@example.com', { paymentMethod: 'oxxo' }))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.json().order.payment.reference)).size).toBe(1);
    expect(await chargesFor(answers[0].json().order.id)).toBe(1);
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, 'oxxo-double@example.com')).toHaveLength(1);
  });
});
