/**
 * Background jobs (decision 034): the pg-boss queue on the app's own database retries a failing job, keeps a
 * delayed one until its time, fires a schedule once per minute slot, commits a job with its transaction, and runs in
 * the workers of an instance as well as through `drain()`. The reservation sweep is a scheduled job: its OXXO voucher
 * expiry runs once with two app instances on one PostgreSQL database. Sellers read a job's progress of their store
 * only (GET /api/admin/jobs/:id). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { orders, payments, sandboxPayments } from '../../src/server/db/schema/index.js';
import { createProviders } from '../../src/server/providers/index.js';
import { loadAppSecret } from '../../src/server/lib/secrets.js';
import {
  createJobProgress,
  createJobs,
  databaseKind,
  defineJob,
  enqueue,
  updateJobProgress,
  type JobRun,
  type Jobs,
} from '../../src/server/jobs/index.js';
import { createTwoInstances, type TwoInstances } from '../helpers/test-app.js';
import { createTestDb, type TestDatabase } from '../helpers/test-db.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const silentLog = pino({ level: 'silent' });

describe(`the job queue (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let jobs: Jobs;
  let workerJobs: Jobs | null = null;
  const calls = { flaky: 0, doomed: 0, later: 0, cron: 0, never: 0, worked: 0, inTx: 0 };
  const definitions = [
    defineJob<{ failures: number }>(
      'test-flaky',
      async (p, ctx) => {
        calls.flaky++;
        if (ctx.retryCount < p.failures) throw new Error(`attempt ${ctx.retryCount + 1} fails`);
        return { attempts: ctx.retryCount + 1 };
      },
      { retryLimit: 3, retryDelay: 0 },
    ),
    defineJob(
      'test-doomed',
      async () => {
        calls.doomed++;
        throw new Error('always');
      },
      { retryLimit: 1, retryDelay: 0 },
    ),
    defineJob('test-later', async () => void calls.later++),
    defineJob('test-cron', async () => void calls.cron++, { cron: '* * * * *' }),
    // Due only in the first minute of a year.
    defineJob('test-never', async () => void calls.never++, { cron: '0 0 1 1 *' }),
    defineJob('test-worked', async () => void calls.worked++),
    defineJob('test-in-tx', async () => void calls.inTx++),
  ];
  const configFor = (workers: boolean) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JOB_WORKERS: String(workers),
      JOB_POLL_SECONDS: '0.5',
    });
  const stateOf = async (name: string, id: string) => (await jobs.getJob(name, id))!;

  beforeAll(async () => {
    database = await createTestDb();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-jobs-'));
    const config = configFor(false);
    const deps = {
      db: database.db,
      kind: databaseKind(database.db),
      providers: createProviders(config, { db: database.db, secret: loadAppSecret(config) }),
      log: silentLog,
      config,
    };
    jobs = createJobs(deps, definitions as never);
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await workerJobs?.stop();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('retries a failing job until it succeeds, and fails it for good past its retry limit', async () => {
    const id = (await jobs.enqueue('test-flaky', { failures: 2 }))!;
    expect(await jobs.drain()).toBe(3);
    expect(calls.flaky).toBe(3);
    const done = await stateOf('test-flaky', id);
    expect(done).toMatchObject({ state: 'completed', retryCount: 2, output: { attempts: 3 } });

    const doomed = (await jobs.enqueue('test-doomed', {}))!;
    await jobs.drain();
    expect(calls.doomed).toBe(2); // the first attempt and its one retry
    expect((await stateOf('test-doomed', doomed)).state).toBe('failed');
  });

  it('keeps a delayed job until its time, then runs it', async () => {
    const id = (await jobs.enqueue('test-later', {}, { startAfter: 3600 }))!;
    expect(await jobs.drain()).toBe(0);
    expect(calls.later).toBe(0);
    const waiting = await stateOf('test-later', id);
    expect(waiting.state).toBe('created');
    expect(waiting.startAfter.getTime() - Date.now()).toBeGreaterThan(3500_000);
    // An hour passes (the queue compares with the database's clock).
    await database.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}`);
    expect(await jobs.drain()).toBe(1);
    expect(calls.later).toBe(1);
    expect((await stateOf('test-later', id)).state).toBe('completed');
  });

  it('fires a schedule once per minute slot, and not one whose time has not come', async () => {
    const schedules = await database.db.execute(sql`select name, cron from pgboss.schedule order by name`);
    expect((schedules as unknown as { rows: { name: string; cron: string }[] }).rows).toEqual(
      expect.arrayContaining([
        { name: 'test-cron', cron: '* * * * *' },
        { name: 'test-never', cron: '0 0 1 1 *' },
      ]),
    );
    const minute = () => Math.floor(Date.now() / 60_000);
    const slot = minute();
    const first = await jobs.tick();
    const second = await jobs.tick();
    const sameSlot = minute() === slot;
    expect(first).toContain('test-cron');
    expect(first.includes('test-never')).toBe(new Date().getUTCMonth() === 0 && new Date().getUTCDate() === 1);
    // Both ticks inside one minute slot: the second must not fire. Across a boundary (the minute turned between the
    // ticks, or before the first), each tick may fire once for its own slot.
    if (sameSlot) expect(second).not.toContain('test-cron');
    await jobs.drain();
    // Every send runs exactly once, and within one slot there is exactly one.
    expect(calls.cron).toBe([first, second].filter((sent) => sent.includes('test-cron')).length);
    if (sameSlot) expect(calls.cron).toBe(1);
  });

  it('commits a job with its transaction and drops it with a rollback', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, 'test-in-tx', {});
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobs.drain()).toBe(0);
    const id = await database.db.transaction((tx) => enqueue(tx, 'test-in-tx', {}));
    expect(await jobs.drain()).toBe(1);
    expect(calls.inTx).toBe(1);
    expect((await stateOf('test-in-tx', id!)).state).toBe('completed');
    await expect(enqueue(database.db, 'no-such-job', {})).rejects.toThrow(/no queue/);
  });

  it('an instance with JOB_WORKERS works jobs by itself', async () => {
    const config = configFor(true);
    workerJobs = createJobs(
      { db: database.db, kind: databaseKind(database.db), providers: {} as never, log: silentLog, config },
      definitions as never,
    );
    await workerJobs.start();
    const done = new Promise<JobRun>((resolve) =>
      workerJobs!.events.on('completed', (r: JobRun) => r.name === 'test-worked' && resolve(r)),
    );
    const id = await enqueue(database.db, 'test-worked', {});
    expect((await done).id).toBe(id);
    expect(calls.worked).toBe(1);
    await workerJobs.stop();
    expect((await stateOf('test-worked', id!)).state).toBe('completed');
  });
});

/** An OXXO order whose voucher and stock hold ran out a minute ago (three days passed). */
async function overdueOxxoOrder(app: FastifyInstance, db: Database['db'], store: StoreFixture, email: string) {
  const placed = (
    await app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': store.hostname },
      payload: {
        idempotencyKey: randomUUID(),
        email,
        items: [{ codigo: 'JB', sku: 'JB-1', quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    })
  ).json() as PlaceOrderResponse;
  const past = new Date(Date.now() - 60_000);
  await db
    .update(sandboxPayments)
    .set({ expiresAt: past })
    .where(eq(sandboxPayments.reference, placed.order.payment!.reference!));
  await db.update(payments).set({ expiresAt: past }).where(eq(payments.orderId, placed.order.id));
  await db.update(orders).set({ reservationExpiresAt: past }).where(eq(orders.id, placed.order.id));
  return placed.order.id;
}

const expiryMails = (dataDir: string, email: string) =>
  mailsTo(dataDir, email).filter((m) => m.includes('venció sin recibir el pago'));

describe(`the app's jobs (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'JB',
      variants: [{ sku: 'JB-1', options: {}, priceCents: 25000, stock: 30 }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the scheduled sweep cancels an expired voucher and the buyer is told once', async () => {
    const id = await overdueOxxoOrder(t.app, t.database.db, store, 'expired-job@example.com');
    await t.app.jobs.drain(); // the confirmation with the voucher
    expect(await t.app.jobs.tick()).toContain('payment-sweep');
    await t.app.jobs.drain();
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(o!.status).toBe('cancelled');
    expect(expiryMails(t.dataDir, 'expired-job@example.com')).toHaveLength(1);
  });

  it('a seller reads the progress of their store’s job; another store’s is JOB_NOT_FOUND', async () => {
    const other = await createStoreFixture(t.database.db);
    const mine = await createSellerFixture(t.app, store.id);
    const theirs = await createSellerFixture(t.app, other.id);
    const id = await createJobProgress(t.database.db, store.id, 'catalog-import', 10);
    await updateJobProgress(t.database.db, store.id, id, {
      status: 'running',
      done: 4,
      errors: [{ at: 3, code: 'VALIDATION_FAILED' }],
    });
    // Another store's id does not move this store's row.
    await updateJobProgress(t.database.db, other.id, id, { done: 9 });
    const get = (token: string | null, jobId = id, lang = 'es') =>
      t.app.inject({
        url: `/api/admin/jobs/${jobId}`,
        headers: { ...(token && { authorization: `Bearer ${token}` }), 'accept-language': lang },
      });
    const res = await get(mine.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      kind: 'catalog-import',
      status: 'running',
      total: 10,
      done: 4,
      errors: [{ at: 3, code: 'VALIDATION_FAILED' }],
      finishedAt: null,
    });
    const foreign = await get(theirs.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'JOB_NOT_FOUND', message: 'Esa tarea no existe.' });
    expect((await get(theirs.token, id, 'en')).json().message).toBe('That task does not exist.');
    expect((await get(mine.token, randomUUID())).json().code).toBe('JOB_NOT_FOUND');
    expect((await get(null)).statusCode).toBe(401);
    await updateJobProgress(t.database.db, store.id, id, { status: 'completed', done: 10 });
    expect((await get(mine.token)).json()).toMatchObject({
      status: 'completed',
      done: 10,
      finishedAt: expect.any(String),
    });
  });
});

describe.skipIf(!onPostgres)('two app instances on one PostgreSQL database', () => {
  let two: TwoInstances;
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dataDir: string;
  let store: StoreFixture;

  beforeAll(async () => {
    two = await createTwoInstances();
    ({ a, b, database, dataDir } = two);
    await seedPostalCodesFixture(database.db);
    store = await createStoreFixture(database.db);
    await createProductFixture(database.db, store.id, {
      codigo: 'JB',
      variants: [{ sku: 'JB-1', options: {}, priceCents: 25000, stock: 30 }],
    });
  });
  afterAll(async () => {
    await two?.close();
  });

  it('the voucher-expiry sweep runs once, whichever instance ticks and works', async () => {
    const ids = [
      await overdueOxxoOrder(a, database.db, store, 'two-a@example.com'),
      await overdueOxxoOrder(b, database.db, store, 'two-b@example.com'),
    ];
    await Promise.all([a.jobs.drain(), b.jobs.drain()]); // the confirmations
    const minute = Math.floor(Date.now() / 60_000);
    const sweeps: string[] = [];
    for (const app of [a, b])
      app.jobs.events.on('completed', (r: JobRun) => r.name === 'payment-sweep' && sweeps.push(r.id));
    // Both instances' clocks fire the schedule, twice each, at the same moment; both then work the queue at once.
    const ticked = (await Promise.all([a.jobs.tick(), b.jobs.tick(), a.jobs.tick(), b.jobs.tick()])).flat();
    await Promise.all([a.jobs.drain(), b.jobs.drain()]);
    const sameSlot = Math.floor(Date.now() / 60_000) === minute;
    if (sameSlot) {
      expect(ticked.filter((n) => n === 'payment-sweep')).toHaveLength(1);
      expect(sweeps).toHaveLength(1);
      const rows = await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'payment-sweep'`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    }
    for (const id of ids) {
      const [o] = await database.db.select().from(orders).where(eq(orders.id, id));
      expect(o!.status).toBe('cancelled');
    }
    const history = await database.db.execute(
      sql`select count(*)::int as n from order_status_history where order_id in (${ids[0]}, ${ids[1]}) and to_status = 'cancelled'`,
    );
    expect((history as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    expect(expiryMails(dataDir, 'two-a@example.com')).toHaveLength(1);
    expect(expiryMails(dataDir, 'two-b@example.com')).toHaveLength(1);
  });

  it('with workers on both, pg-boss’s own clock fires the sweep once per minute slot and each voucher expires once', async () => {
    const startedAt = new Date();
    const ids = [
      await overdueOxxoOrder(a, database.db, store, 'clock-a@example.com'),
      await overdueOxxoOrder(b, database.db, store, 'clock-b@example.com'),
    ];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JOB_WORKERS: 'true',
      JOB_POLL_SECONDS: '0.5',
    });
    const thirdDb = await openDatabase({ url: database.url! });
    const c = await buildApp({ db: database.db, config, logger: false });
    const d = await buildApp({ db: thirdDb.db, config, logger: false });
    const swept = new Promise<void>((resolve) => {
      for (const app of [c, d])
        app.jobs.events.on('completed', (r: JobRun) => {
          if (r.name === 'payment-sweep' && (r.output as { cancelled: number }).cancelled > 0) resolve();
        });
    });
    await Promise.all([c.ready(), d.ready()]);
    await swept;
    await Promise.all([c.close(), d.close()]);
    await thirdDb.close();
    await a.jobs.drain(); // emails the workers had not sent yet
    const rows = (await database.db.execute(sql`
      select s.singleton_on as slot, count(*)::int as n from pgboss.job s
      where s.name = '__pgboss__send-it' and s.singleton_key = 'payment-sweep' and s.created_on >= ${startedAt}
      group by s.singleton_on`)) as unknown as { rows: { slot: Date; n: number }[] };
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.every((r) => r.n === 1)).toBe(true);
    const sweeps = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'payment-sweep' and created_on >= ${startedAt}`,
    )) as unknown as { rows: { n: number }[] };
    expect(sweeps.rows[0]!.n).toBe(rows.rows.length);
    for (const id of ids) {
      const [o] = await database.db.select().from(orders).where(eq(orders.id, id));
      expect(o!.status).toBe('cancelled');
    }
    expect(expiryMails(dataDir, 'clock-a@example.com')).toHaveLength(1);
    expect(expiryMails(dataDir, 'clock-b@example.com')).toHaveLength(1);
  });
});
