/**
 * A reset link is single-use even under a race of 20, using one revokes every other link and every
 * session, the recover answer does the same work for a known and an unknown email, and no token reaches a log line.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTestDb, type TestDatabase } from '../helpers/test-db.js';
import { mailsTo } from '../helpers/outbox.js';
import { createCustomerFixture, createStoreFixture, TEST_PASSWORD, type StoreFixture } from '../helpers/factories.js';

const resetTokens = (dataDir: string, email: string) =>
  mailsTo(dataDir, email).map((m) => /\/recuperar\/token\?token=([A-Za-z0-9_-]+)/.exec(m)![1]);

async function recover(app: FastifyInstance, store: StoreFixture, email: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/recover',
    headers: { 'x-store-domain': store.hostname },
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
  await app.jobs.drain();
}

describe('password-reset links', () => {
  let t: TestApp;
  let store: StoreFixture;
  const h = () => ({ 'x-store-domain': store.hostname });
  const reset = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      headers: h(),
      payload: { token, password, passwordConfirm: password },
    });
  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreFixture(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets exactly one of 20 simultaneous uses of a link through, and no 500', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    await recover(t.app, store, buyer.email);
    const [token] = resetTokens(t.dataDir, buyer.email);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(token, `Nueva-Clave-Larga-${i}x`)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(410)]);
    expect(answers.filter((a) => a.statusCode === 410).every((a) => a.json().code === 'RESET_LINK_EXPIRED')).toBe(true);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: h(),
      payload: { email: buyer.email, password: `Nueva-Clave-Larga-${winner}x` },
    });
    expect(login.statusCode).toBe(200);
  });

  it('revokes every other link and every session of the user when one link is used', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    await recover(t.app, store, buyer.email);
    await recover(t.app, store, buyer.email);
    const [older, newer] = resetTokens(t.dataDir, buyer.email);
    expect(older).not.toBe(newer);
    const me = () => t.app.inject({ url: '/api/user', headers: { ...h(), authorization: `Bearer ${buyer.token}` } });
    expect((await me()).statusCode).toBe(200);

    expect((await reset(newer, 'Cambiada-Nueva-2026')).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/auth/reset/${older}`, headers: h() })).statusCode).toBe(410);
    const again = await reset(older, 'Otra-Clave-Distinta-99');
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('RESET_LINK_EXPIRED');
    expect((await me()).statusCode).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: h(),
      payload: { email: buyer.email, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
  });
});

/** A database whose top-level calls are counted (the work a request does before it answers). */
function countingDb(db: Db): { db: Db; calls: () => number } {
  let calls = 0;
  const counted = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
  const proxy = new Proxy(db as object, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (counted.has(String(prop))) calls++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Db;
  return { db: proxy, calls: () => calls };
}

describe('recover answer (no account enumeration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let counter: ReturnType<typeof countingDb>;
  beforeAll(async () => {
    database = await createTestDb();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-test-'));
    counter = countingDb(database.db);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_WORKERS: 'false' });
    app = await buildApp({ db: counter.db, config, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers a known and an unknown email with the same work and the same body, then mails only the known', async () => {
    const store = await createStoreFixture(database.db);
    const buyer = await createCustomerFixture(app, store);
    await recover(app, store, 'warm-up@example.com'); // resolves and caches the store, as for any later request

    // The email is a job: nothing is mailed until it runs (no worker here; drain() below runs it).
    const answer = async (email: string) => {
      const before = counter.calls();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        headers: { 'x-store-domain': store.hostname },
        payload: { email },
      });
      return { status: res.statusCode, body: res.body, queries: counter.calls() - before };
    };
    const known = await answer(buyer.email);
    const unknown = await answer('nobody-here@example.com');
    expect(known).toEqual(unknown);
    // The app's only query before the answer is the job's wake-up (`pg_notify` in the enqueueing transaction, alike
    // for both; the job row itself goes through pg-boss); on PostgreSQL the change feed's sync before a POST answer is
    // one round trip more.
    const feedSync = app.changeFeed.kind === 'postgres' ? 1 : 0;
    expect(known).toEqual({ status: 200, body: '{"ok":true}', queries: 1 + feedSync });
    expect(mailsTo(dataDir, buyer.email)).toHaveLength(0);

    await app.jobs.drain();
    expect(mailsTo(dataDir, buyer.email)).toHaveLength(1);
    expect(mailsTo(dataDir, 'nobody-here@example.com')).toHaveLength(0);
  });
});

describe('tokens in logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs requests and mails without reset tokens, view tokens or codes', async () => {
    const store = await createStoreFixture(t.database.db);
    const buyer = await createCustomerFixture(t.app, store);
    await recover(t.app, store, buyer.email);
    const [token] = resetTokens(t.dataDir, buyer.email);
    const h = { 'x-store-domain': store.hostname };
    await t.app.inject({ url: `/api/auth/reset/${token}`, headers: h });
    await t.app.inject({ url: `/recuperar/token?token=${token}`, headers: h });
    await t.app.inject({ url: `/api/pedidos/00000000-0000-4000-8000-000000000000?viewToken=${token}`, headers: h });
    await t.app.inject({ url: `/pedidos/pedido?id=1&t=${token}`, headers: h });
    await t.app.inject({ url: `/cualquier?code=${token}&q=visible`, headers: h });
    await t.app.inject({ method: 'POST', url: '/api/auth/reset', headers: h, payload: { token: `${token}x` } });

    const log = lines.join('');
    expect(log).toContain('/api/auth/reset/[redacted]');
    expect(log).toContain('/recuperar/token?token=[redacted]');
    expect(log).toContain('viewToken=[redacted]');
    expect(log).toContain('t=[redacted]');
    expect(log).toContain('code=[redacted]&q=visible');
    expect(log).toContain('mail written to outbox');
    expect(log).not.toContain(token);
  });
});
