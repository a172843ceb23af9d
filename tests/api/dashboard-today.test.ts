/**
 * "Pedidos de hoy" on the admin dashboard counts the orders placed since midnight in the store's time zone
 * (America/Mexico_City by default), not since midnight of the server's clock: in a UTC container that midnight is
 * 18:00 of the day before in Mexico. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createSellerFixture, createStoreFixture, type StoreFixture } from '../helpers/factories.js';
import { orders } from '../../src/server/db/schema/index.js';
import { adminDashboard } from '../../src/shared/contracts/stores.js';

/** Midnight in Mexico City as a UTC instant (no daylight saving there since October 2022: UTC-6 all year). */
function mexicoCityMidnight(now: Date): Date {
  const local = new Date(now.getTime() - 6 * 3600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 6));
}

describe(`dashboard "today" in the store's time zone (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let token: string;
  let folio = 1;
  const orderAt = (createdAt: Date) =>
    t.database.db.insert(orders).values({
      storeId: store.id,
      folio: folio++,
      customerId: null,
      email: 'buyer@example.com',
      paymentMethod: 'oxxo',
      status: 'pending',
      lang: 'es',
      itemsCents: 10000,
      shippingCents: 0,
      totalCents: 10000,
      platformFeeBps: 350,
      shippingType: 'pickup',
      shipping: { proveedor: 'tienda', servicio: 'pickup', precio: 0 },
      idempotencyKey: randomUUID(),
      viewToken: randomUUID(),
      reservationExpiresAt: new Date(),
      createdAt,
    });

  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreFixture(t.database.db);
    token = (await createSellerFixture(t.app, store.id)).token;
  });
  afterAll(() => t.close());

  it('counts from midnight in Mexico City: an order a minute before is yesterday, a second after is today', async () => {
    // Whatever the hour, one of the two falls on the other side of the server's (UTC) midnight: at 14:00 UTC the
    // order at 05:59 UTC is yesterday in Mexico but today in UTC; at 03:00 UTC the order at 06:00:01 UTC of the day
    // before (00:00:01 in Mexico, like an order at 19:00 UTC the evening before) is today in Mexico, yesterday in UTC.
    const midnight = mexicoCityMidnight(new Date());
    await orderAt(new Date(midnight.getTime() - 60_000));
    await orderAt(new Date(midnight.getTime() + 1_000));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = adminDashboard.parse(res.json());
    expect(body.counts.ordersToday).toBe(1);
    expect(body.counts.pendingOrders).toBe(2);
  });
});
