/**
 * The subscription renewal runs once per period with two app instances on one PostgreSQL database ("renewal
 * jobs run once with two app instances"; decision 061): the sweep enqueued from both instances, worked by both at
 * once, together with direct runs on each, charges a due period once. Runs where TEST_DATABASE_URL names a PostgreSQL
 * server (as balance-release-instances.test.ts); on PGlite, subscriptions.test.ts runs the job twice at once instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ledgerEntries,
  sandboxRecurringCharges,
  storeSubscriptions,
  subscriptionInvoices,
} from '../../src/server/db/schema/index.js';
import { runRenewals, subscriptionRenewalsJob } from '../../src/server/modules/subscriptions/index.js';
import { createTwoInstances, type TwoInstances } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-db.js';
import { createSellerFixture, createStoreFixture, type StoreFixture } from '../helpers/factories.js';
import { expectLedgerReconciles } from '../helpers/ledger.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('subscription renewal with two app instances on one PostgreSQL database', () => {
  let two: TwoInstances;
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let store: StoreFixture;
  let seller: string;

  beforeAll(async () => {
    two = await createTwoInstances();
    ({ a, b, database } = two);
    store = await createStoreFixture(database.db);
    seller = (await createSellerFixture(a, store.id)).token;
  });
  afterAll(async () => {
    await two?.close();
  });

  it('charges a due period once, whichever instance works the sweep', async () => {
    const saved = await a.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment-methods',
      payload: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' },
    });
    const put = await b.inject({
      method: 'PUT',
      url: '/api/admin/subscription/payment-method',
      headers: { authorization: `Bearer ${seller}` },
      payload: { token: saved.json().token },
    });
    expect(put.statusCode).toBe(200);
    await database.db
      .update(storeSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000), nextPaymentAt: new Date(Date.now() - 1000) })
      .where(eq(storeSubscriptions.storeId, store.id));

    await Promise.all([a.jobs.enqueue('subscription-renewals', {}), b.jobs.enqueue('subscription-renewals', {})]);
    const ctx = (app: FastifyInstance) => ({
      db: app.db,
      providers: app.providers,
      log: app.log,
      config: app.config,
      jobId: 'test',
      retryCount: 0,
    });
    await Promise.all([
      a.jobs.drain(),
      b.jobs.drain(),
      subscriptionRenewalsJob.handler({}, ctx(a)),
      subscriptionRenewalsJob.handler({}, ctx(b)),
      runRenewals(ctx(a)),
      runRenewals(ctx(b)),
    ]);
    await Promise.all([a.jobs.drain(), b.jobs.drain()]);

    const invoices = await database.db
      .select()
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.storeId, store.id));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amountCents: 29_900 });
    const charges = await database.db
      .select()
      .from(sandboxRecurringCharges)
      .where(sql`${sandboxRecurringCharges.metadata}->>'storeId' = ${store.id}`);
    expect(charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, store.id), eq(ledgerEntries.kind, 'subscription')));
    expect(entries).toHaveLength(1);
    await expectLedgerReconciles(database.db, store.id);
  });
});
