/**
 * The production layout on one machine (docs/deploy.md): a real Caddy with deploy/Caddyfile in front of two Vitrina
 * instances, each its own process (tests/deploy/instance.ts) on one PostgreSQL database. Requests are spread over
 * both; a domain removed through one instance, or a store suspended, stops being served through the proxy at once on
 * both (each instance's domain and store caches follow the change feed, decision 142); killing one instance (SIGKILL)
 * leaves the platform serving through the other with no 5xx (Caddy retries a refused connection on the other instance
 * and its health checks leave the dead one out).
 *
 * Needs PostgreSQL (TEST_DATABASE_URL: two processes cannot share the embedded database) and caddy; CI's PostgreSQL run
 * has both. Uses Redis for the shared rate-limit counters when REDIS_TEST_URL is set.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDomains } from '../../src/server/db/schema/stores.js';
import { runTransaction } from '../../src/server/db/transaction.js';
import { setStoreSuspended } from '../../src/server/modules/stores/index.js';
import { createUser } from '../../src/server/modules/accounts/index.js';
import { createTestDb, type TestDatabase } from '../helpers/test-db.js';
import { createStoreFixture, TEST_PASSWORD, type StoreFixture } from '../helpers/factories.js';
import {
  CADDY,
  NO_CADDY,
  handshake,
  httpsRequest,
  startCaddy,
  stopChild,
  type HttpsAnswer,
  type RunningCaddy,
} from './caddy.js';
import { startInstance, type Instance } from './instances.js';

const DATABASE = process.env.TEST_DATABASE_URL;
const NO_DATABASE = 'TEST_DATABASE_URL is not set: the two-instance layout needs PostgreSQL; skipped';
const DOMAIN = 'dos-instancias.test';

if (!CADDY) console.warn(NO_CADDY);
else if (!DATABASE) console.warn(NO_DATABASE);

describe.skipIf(!CADDY || !DATABASE)('two instances behind Caddy on one database', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: Instance;
  let b: Instance;
  let caddy: RunningCaddy;
  let ca: string;
  let store: StoreFixture;
  let token: string;

  const get = (host: string, url: string, headers: Record<string, string> = {}) =>
    httpsRequest(caddy.httpsPort, host, url, { ca, headers });
  const instanceOf = (res: HttpsAnswer) => String(res.headers['x-vitrina-instance'] ?? 'none');
  /** `n` storefront requests for `host`, `concurrency` at a time: each answer's status and instance. */
  const burst = async (host: string, n: number, concurrency = 1) => {
    const out: { status: number; instance: string }[] = [];
    for (let i = 0; i < n; i += concurrency) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(concurrency, n - i) }, () => get(host, '/api/reseller/configwebsite')),
      );
      out.push(...batch.map((r) => ({ status: r.status, instance: instanceOf(r) })));
    }
    return out;
  };
  /**
   * Milliseconds until both instances give `status` for `host` through the proxy (each instance's answer counts once
   * it answered so); fails after `limitMs`.
   */
  const untilBoth = async (host: string, status: number, limitMs: number) => {
    const started = Date.now();
    const agreed = new Set<string>();
    while (agreed.size < 2) {
      const res = await get(host, '/api/reseller/configwebsite');
      if (res.status === status) agreed.add(instanceOf(res));
      else agreed.delete(instanceOf(res));
      if (Date.now() - started > limitMs) throw new Error(`${host}: not ${status} on both instances in ${limitMs} ms`);
    }
    return Date.now() - started;
  };

  beforeAll(async () => {
    database = await createTestDb();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-two-processes-'));
    store = await createStoreFixture(database.db, { name: 'Tienda Dos Instancias' });
    await database.db.insert(storeDomains).values({
      storeId: store.id,
      hostname: DOMAIN,
      kind: 'custom',
      status: 'active',
      certificate: 'requested',
      activatedAt: new Date(),
    });
    await createUser(
      { db: database.db },
      { storeId: store.id, role: 'owner', email: 'duena@dos.test', password: TEST_PASSWORD, fullName: 'Dueña Dos' },
    );
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url!,
      TRUST_PROXY: '127.0.0.1',
      PLATFORM_DOMAIN: 'vitrina-dos.test',
      // Instances that share a database share the secret its hashes and keys come from.
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      DNS_SERVERS: '127.0.0.1:9',
      ...(process.env.REDIS_TEST_URL && {
        REDIS_URL: process.env.REDIS_TEST_URL,
        REDIS_KEY_PREFIX: `vitrina-test-${randomBytes(4).toString('hex')}:`,
      }),
    };
    // Both at once: their migrations find the database already migrated.
    [a, b] = await Promise.all([
      startInstance('a', { ...env, DATA_DIR: path.join(dataDir, 'a') }),
      startInstance('b', { ...env, DATA_DIR: path.join(dataDir, 'b') }),
    ]);
    caddy = await startCaddy({
      upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
      platformDomain: 'vitrina-dos.test',
      healthInterval: '1s',
    });
    await handshake(caddy.httpsPort, DOMAIN);
    ca = await caddy.rootCertificate();
    const login = await httpsRequest(caddy.httpsPort, store.hostname, '/api/admin/login', {
      ca,
      method: 'POST',
      body: JSON.stringify({ email: 'duena@dos.test', password: TEST_PASSWORD }),
    });
    expect(login.status, login.body).toBe(200);
    token = JSON.parse(login.body).token;
  });
  afterAll(async () => {
    await caddy?.stop();
    await Promise.all([a, b].filter(Boolean).map((i) => stopChild(i.child)));
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('spreads the requests over both instances', async () => {
    const answers = await burst(DOMAIN, 20);
    expect(answers.every((x) => x.status === 200)).toBe(true);
    const per = { a: 0, b: 0 } as Record<string, number>;
    for (const x of answers) per[x.instance] = (per[x.instance] ?? 0) + 1;
    expect(Object.keys(per).sort()).toEqual(['a', 'b']);
    expect(per.a).toBeGreaterThanOrEqual(5);
    expect(per.b).toBeGreaterThanOrEqual(5);
  });

  it('stops serving a store suspended, on both instances at once, and serves it again once reactivated', async () => {
    // Both instances have the store in their caches.
    expect(new Set((await burst(DOMAIN, 4)).map((x) => `${x.instance}:${x.status}`))).toEqual(
      new Set(['a:200', 'b:200']),
    );
    await runTransaction(database.db, (tx) => setStoreSuspended({ db: tx, storeId: store.id }, true));
    expect(await untilBoth(DOMAIN, 402, 2_000)).toBeLessThan(2_000);
    const suspended = await burst(DOMAIN, 6);
    expect(suspended.map((x) => x.status)).toEqual(Array(6).fill(402));
    expect(JSON.parse((await get(DOMAIN, '/api/reseller/configwebsite')).body).code).toBe('ACCOUNT_SUSPENDED');

    await runTransaction(database.db, (tx) => setStoreSuspended({ db: tx, storeId: store.id }, false));
    await untilBoth(DOMAIN, 200, 2_000);
    expect((await burst(DOMAIN, 6)).map((x) => x.status)).toEqual(Array(6).fill(200));
  });

  it('stops serving a domain removed through one instance, on both at once', async () => {
    const list = await get(store.hostname, '/api/admin/domains', { authorization: `Bearer ${token}` });
    expect(list.status, list.body).toBe(200);
    const id = (JSON.parse(list.body).domains as { id: string; hostname: string }[]).find(
      (d) => d.hostname === DOMAIN,
    )!.id;
    const removed = await httpsRequest(caddy.httpsPort, store.hostname, `/api/admin/domains/${id}`, {
      ca,
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status, removed.body).toBe(200);
    // The next requests alternate between the instance that removed it and the other one.
    const ms = await untilBoth(DOMAIN, 404, 2_000);
    expect(ms).toBeLessThan(2_000);
    expect((await burst(DOMAIN, 6)).map((x) => x.status)).toEqual(Array(6).fill(404));
    expect((await burst(store.hostname, 4)).map((x) => x.status)).toEqual(Array(4).fill(200));
  });

  it('keeps serving through one instance when the other is killed', async () => {
    b.child.kill('SIGKILL');
    await new Promise((resolve) => b.child.once('exit', resolve));
    // At once, before any health check noticed: a refused connection is tried again on the other instance.
    const answers = await burst(store.hostname, 40, 4);
    const failures = answers.filter((x) => x.status >= 500);
    expect(failures, JSON.stringify(failures)).toEqual([]);
    expect(answers.every((x) => x.status === 200 && x.instance === 'a')).toBe(true);
  });
});
