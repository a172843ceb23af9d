/**
 * One lock order everywhere, and a database race is never a 500. Sixty requests at once — sellers
 * cancelling paid orders of four variants while shoppers buy the same variants with their lines in other orders —
 * all answer 2xx/4xx, and stock and best-seller counts add up. The transaction helper retries a deadlock (a real one
 * on PostgreSQL) and turns a leftover unique violation into 409 CONFLICT. Runs on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL (where the race used to give 20-26 HTTP 500s in 60 requests).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { confirmCardAtSandbox, returnFromProvider, submitOrder, TEST_CARD_NUMBERS } from '../helpers/payments.js';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';
import { orderItems, orders, products, productVariants } from '../../src/server/db/schema/index.js';
import { runTransaction } from '../../src/server/db/transaction.js';
import { AppError } from '../../src/server/lib/app-error.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SKUS = ['LK-A', 'LK-B', 'LK-C', 'LK-D'];
const START = 1000;

describe(`lock order and database races (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let seller: { token: string };
  const shuffled = <T>(a: T[], seed: number) =>
    [...a].sort((x, y) => ((seed * 7 + a.indexOf(x) * 13) % 5) - ((seed * 7 + a.indexOf(y) * 13) % 5));
  // A shopper's whole checkout, as the browser does it: the order, then the card at the provider, then the return.
  const buy = async (i: number) => {
    const res = await submitOrder(
      t.app,
      { store, ip: `10.0.${i}.1` },
      {
        idempotencyKey: randomUUID(),
        email: `race${i}@example.com`,
        // Lines in a different order per buyer: the server must still lock in one order.
        items: (i % 2 ? [...SKUS].reverse() : shuffled(SKUS, i)).map((sku) => ({ codigo: 'LK', sku, quantity: 1 })),
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'card',
      },
    );
    if (res.statusCode !== 201) return [res];
    const placed = res.json() as PlaceOrderResponse;
    const confirmed = await confirmCardAtSandbox(t.app, placed, TEST_CARD_NUMBERS.approved);
    return [res, confirmed, await returnFromProvider(t.app, { store }, placed)];
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'LK',
      variants: SKUS.map((sku) => ({ sku, options: { v: sku }, priceCents: 1000, stock: START })),
    });
    seller = await createSellerFixture(t.app, store.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 60 concurrent cancels and checkouts of the same variants without a 5xx, and stock adds up', async () => {
    const placed: string[] = [];
    for (let i = 0; i < 30; i++) {
      const [res, , back] = await buy(100 + i);
      expect(back.json().status).toBe('paid');
      placed.push(res.json().order.id as string);
    }
    const cancel = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/status`,
        headers: { authorization: `Bearer ${seller.token}` },
        payload: { status: 'cancelled' },
      });
    const answers = (
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => (i % 2 ? cancel(placed[i >> 1]).then((r) => [r]) : buy(i))),
      )
    ).flat();
    const fivexx = answers.filter((r) => r.statusCode >= 500).map((r) => r.body);
    expect(fivexx).toEqual([]);
    expect(answers.every((r) => r.statusCode < 300)).toBe(true);

    const live = await t.database.db
      .select({ variantId: orderItems.variantId, n: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.storeId, store.id), inArray(orders.status, ['paid', 'pending'])))
      .groupBy(orderItems.variantId);
    const variants = await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, SKUS);
    for (const v of variants) expect(v.stock + (live.find((l) => l.variantId === v.variantId)?.n ?? 0)).toBe(START);
    const [sold] = await t.database.db
      .select({ n: products.soldCount })
      .from(products)
      .where(and(eq(products.storeId, store.id), eq(products.codigo, 'LK')));
    expect(sold.n).toBe(live.reduce((s, l) => s + l.n, 0));
  });

  it('runs a transaction again after a deadlock or serialization failure', async () => {
    let attempts = 0;
    const result = await runTransaction(t.database.db, async (tx) => {
      attempts++;
      await tx.execute(sql`select 1`);
      if (attempts < 3)
        throw Object.assign(new Error('deadlock detected'), { code: attempts === 1 ? '40P01' : '40001' });
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
  });

  it('turns a leftover unique violation into 409 CONFLICT', async () => {
    const [v] = await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, ['LK-A']);
    const err = await runTransaction(t.database.db, async (tx) => {
      await tx
        .insert(productVariants)
        .values({ storeId: store.id, productId: v.productId, sku: 'LK-A', options: {}, priceCents: 1, stock: 1 });
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('CONFLICT');
    expect((err as AppError).statusCode).toBe(409);
  });

  it('resolves two transactions locking in opposite orders (PostgreSQL: a real deadlock, retried; PGlite: serialised)', async () => {
    const [a, b] = await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, ['LK-A', 'LK-B']);
    const touch = (tx: Parameters<Parameters<typeof runTransaction>[1]>[0], id: string) =>
      tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock}` })
        .where(eq(productVariants.id, id));
    let firstRound = 2;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((r) => (release = r));
    const opposite = (first: string, second: string) =>
      runTransaction(t.database.db, async (tx) => {
        await touch(tx, first);
        if (firstRound > 0 && --firstRound === 0) release();
        await Promise.race([bothHoldOne, new Promise((r) => setTimeout(r, 1000))]);
        await touch(tx, second);
        return 'ok';
      });
    // Opposite lock order on purpose: PostgreSQL aborts one with 40P01 and the helper runs it again.
    expect(await Promise.all([opposite(a.variantId, b.variantId), opposite(b.variantId, a.variantId)])).toEqual([
      'ok',
      'ok',
    ]);
  });
});
