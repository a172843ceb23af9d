/**
 * The balance release runs once per order with two app instances on one PostgreSQL database ("jobs run once
 * with two app instances"): a delivered order's release job, enqueued again from both instances and worked by both at
 * once, together with direct handler runs on each, posts one release. Runs where TEST_DATABASE_URL names a PostgreSQL
 * server (as tests/api/jobs.test.ts's two-instance tests); on PGlite, balances.test.ts runs the job again instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { ledgerEntries } from '../../src/server/db/schema/index.js';
import { balanceReleaseJob } from '../../src/server/modules/orders/index.js';
import { createTwoInstances, type TwoInstances } from '../helpers/test-app.js';
import { buyOneItemPaid } from '../helpers/payments.js';
import type { TestDatabase } from '../helpers/test-db.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { expectLedgerReconciles } from '../helpers/ledger.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('balance release with two app instances on one PostgreSQL database', () => {
  let two: TwoInstances;
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let store: StoreFixture;
  let seller: string;
  let buyer: string;
  let addressId: string;

  beforeAll(async () => {
    two = await createTwoInstances({ BALANCE_RELEASE_DAYS: '0' });
    ({ a, b, database } = two);
    await seedPostalCodesFixture(database.db);
    store = await createStoreFixture(database.db);
    await createProductFixture(database.db, store.id, {
      codigo: 'RL',
      variants: [{ sku: 'RL-1', options: {}, priceCents: 30000, stock: 30 }],
    });
    seller = (await createSellerFixture(a, store.id)).token;
    buyer = (await createCustomerFixture(a, store)).token;
    addressId = (
      await a.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: { 'x-store-domain': store.hostname, authorization: `Bearer ${buyer}` },
        payload: TEST_ADDRESS,
      })
    ).json().id;
  });
  afterAll(async () => {
    await two?.close();
  });

  it('releases a delivered order once, whichever instance works its jobs', async () => {
    // A card order paid the way the browser pays it, on instance A.
    const { id: orderId } = await buyOneItemPaid(
      a,
      { store, token: buyer },
      { codigo: 'RL', sku: 'RL-1' },
      { addressId },
    );
    const as = (app: FastifyInstance, url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${seller}` }, payload });
    for (const status of ['ready_to_ship', 'on_the_way'])
      expect((await as(a, `/api/admin/orders/${orderId}/status`, { status })).statusCode).toBe(200);
    const png = (
      await sharp({ create: { width: 30, height: 20, channels: 4, background: '#fff' } })
        .png()
        .toBuffer()
    ).toString('base64');
    // Both instances receive the proof at once: one delivery, one release job.
    const proofs = await Promise.all(
      [a, b].map((app) =>
        as(app, `/api/admin/orders/${orderId}/delivery`, {
          piecesDelivered: 1,
          collectorName: 'Luis',
          signature: `data:image/png;base64,${png}`,
        }),
      ),
    );
    expect(proofs.map((r) => r.statusCode)).toEqual([200, 200]);
    // More release jobs for the same order from both instances (a retry, a duplicate), and direct handler runs.
    await Promise.all([
      a.jobs.enqueue('balance-release', { storeId: store.id, orderId }),
      b.jobs.enqueue('balance-release', { storeId: store.id, orderId }),
    ]);
    const ctx = (app: FastifyInstance) => ({
      db: app.db,
      providers: app.providers,
      log: app.log,
      config: app.config,
      jobId: 'test',
      retryCount: 0,
    });
    const [, , ...direct] = await Promise.all([
      a.jobs.drain(),
      b.jobs.drain(),
      balanceReleaseJob.handler({ storeId: store.id, orderId }, ctx(a)),
      balanceReleaseJob.handler({ storeId: store.id, orderId }, ctx(b)),
    ]);
    await Promise.all([a.jobs.drain(), b.jobs.drain()]);
    const releases = await database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, store.id), eq(ledgerEntries.kind, 'release')));
    expect(releases).toHaveLength(1);
    expect(direct.filter((r) => (r as { released: number }).released > 0).length).toBeLessThanOrEqual(1);
    const summary = (
      await b.inject({ url: '/api/admin/balance/summary', headers: { authorization: `Bearer ${seller}` } })
    ).json();
    expect(summary.pendingCents).toBe(0);
    expect(summary.availableCents).toBeGreaterThan(0);
    await expectLedgerReconciles(database.db, store.id);
  });
});
