/**
 * Emails go out promptly after a burst (decision 034, "Emails arrive late under load"): a job enqueued in a committed
 * transaction wakes the workers at once (NOTIFY on the change-feed channel, delivered at commit), and a worker takes
 * jobs in batches, fetching again at once while its batch came back full. With a 60 s poll interval a burst of
 * emails is still all sent in a few seconds; a job of a rolled-back transaction never runs; with two instances on
 * one database every job runs exactly once. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { enqueue, type JobRun } from '../../src/server/jobs/index.js';
import { createTestApp, createTwoInstances, type TestApp } from '../helpers/test-app.js';
import { createCustomerFixture, createStoreFixture } from '../helpers/factories.js';
import { mailsTo } from '../helpers/outbox.js';

/** Long enough that a job waiting for the poll would make the test time out. */
const POLL = { JOB_WORKERS: 'true', JOB_POLL_SECONDS: '60' };
const BURST = 40;

/** Resolves with the runs of `app` once `count` of `name` have completed (or rejects after `ms`). */
function completions(apps: FastifyInstance[], name: string, count: number, ms: number): Promise<JobRun[]> {
  return new Promise((resolve, reject) => {
    const runs: JobRun[] = [];
    const timer = setTimeout(
      () => reject(new Error(`only ${runs.length} of ${count} ${name} jobs completed in ${ms} ms`)),
      ms,
    );
    for (const app of apps)
      app.jobs.events.on('completed', (run: JobRun) => {
        if (run.name !== name) return;
        runs.push(run);
        if (runs.length === count) {
          clearTimeout(timer);
          resolve(runs);
        }
      });
  });
}

/** Enqueues `count` reset emails for `email`, each in its own committed transaction (as an order's email is). */
async function burst(app: FastifyInstance, storeId: string, email: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const id = await app.db.transaction((tx) =>
        enqueue(tx, 'password-reset-email', { storeId, email, origin: 'http://x.localhost', locale: 'es' }),
      );
      ids.push(id!);
    }),
  );
  return ids;
}

describe('job wake-up and batches', () => {
  let t: TestApp;
  let store: Awaited<ReturnType<typeof createStoreFixture>>;
  let customer: { email: string };
  beforeAll(async () => {
    t = await createTestApp(POLL);
    store = await createStoreFixture(t.database.db);
    customer = await createCustomerFixture(t.app, store);
    // The workers' first poll has happened; from now on only a wake-up (or the 60 s poll) makes them fetch.
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => t.close());

  it(`sends a burst of ${BURST} emails without waiting for the poll interval`, async () => {
    const done = completions([t.app], 'password-reset-email', BURST, 20_000);
    const ids = await burst(t.app, store.id, customer.email, BURST);
    const runs = await done;
    expect(new Set(runs.map((r) => r.id))).toEqual(new Set(ids));
    expect(mailsTo(t.dataDir, customer.email)).toHaveLength(BURST);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const before = mailsTo(t.dataDir, customer.email).length;
    await t.app.db
      .transaction(async (tx) => {
        await enqueue(tx, 'password-reset-email', {
          storeId: store.id,
          email: customer.email,
          origin: 'http://x.localhost',
          locale: 'es',
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A committed job after it is sent; the rolled-back one never is.
    const done = completions([t.app], 'password-reset-email', 1, 20_000);
    await burst(t.app, store.id, customer.email, 1);
    await done;
    expect(await t.app.jobs.drain()).toBe(0);
    expect(mailsTo(t.dataDir, customer.email).length).toBe(before + 1);
  });
});

describe('job wake-up with two instances', () => {
  it(`runs each of ${BURST} jobs exactly once across two instances, promptly`, async () => {
    const two = await createTwoInstances(POLL);
    try {
      const store = await createStoreFixture(two.database.db);
      const customer = await createCustomerFixture(two.a, store);
      await new Promise((r) => setTimeout(r, 300));
      const runs: JobRun[] = [];
      for (const app of [two.a, two.b])
        app.jobs.events.on('completed', (r: JobRun) => r.name === 'password-reset-email' && runs.push(r));
      const done = completions([two.a, two.b], 'password-reset-email', BURST, 20_000);
      const ids = await burst(two.b, store.id, customer.email, BURST);
      await done;
      // Let a duplicate, if any, finish too before counting.
      await new Promise((r) => setTimeout(r, 500));
      expect(runs.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(mailsTo(two.dataDir, customer.email)).toHaveLength(BURST);
    } finally {
      await two.close();
    }
  }, 60_000);
});
