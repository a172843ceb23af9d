/** Builds the app on a fresh test database with a temporary data folder; see createTestDb. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type AppConfig } from '../../src/server/config.js';
import { createProviders, type Providers } from '../../src/server/providers/index.js';
import type { PaymentProvider } from '../../src/server/providers/payments/index.js';
import { loadAppSecret } from '../../src/server/lib/secrets.js';
import { openDatabase } from '../../src/server/db/client.js';
import { createTestDb, type TestDatabase } from './test-db.js';

/**
 * The configuration every test app runs with, on data folder `dataDir`: silent logs, rate limits and the
 * password-hash queue raised so that race tests (20+ requests at once) are not throttled, and jobs run only when a
 * test calls `app.jobs.drain()` (deterministic; tests/api/jobs.test.ts covers the workers). `env` adds or overrides
 * settings, e.g. `{ AUTH_ACCOUNT_RATE_LIMIT: '5' }` for a test of that limit.
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_ACCOUNT_RATE_LIMIT: '100000',
    // Tests of bad webhook signatures send many from one address; the limits are tested on their own (decision 109).
    WEBHOOK_FAILURES_PER_MINUTE: '100000',
    PAYPAL_VERIFY_FAILURES_PER_MINUTE: '100000',
    // Race tests send 20+ sign-ups or resets at once; the production bound (16) is tested on its own.
    PASSWORD_HASH_QUEUE_MAX: '1000',
    // Likewise the sign-up limits per address and hour, platform-wide, and the sign-up queue (each tested on its own).
    SIGNUP_IP_LIMIT_PER_HOUR: '100000',
    SIGNUP_LIMIT_PER_HOUR: '100000',
    SIGNUP_CONCURRENCY: '16',
    SIGNUP_QUEUE_MAX: '1000',
    // Jobs run when a test calls app.jobs.drain() (deterministic); tests/api/jobs.test.ts covers the workers.
    JOB_WORKERS: 'false',
    // A custom domain's DNS check never waits on the machine's resolvers (which may not answer in CI): a closed port
    // on loopback refuses at once. The domain tests point DNS_SERVERS at their own DNS server.
    DNS_SERVERS: '127.0.0.1:9',
    // A search waits for its store's index however long a loaded CI machine takes, so the answering engine is always
    // the index; the PostgreSQL answer of a cold store is tested on its own (search-indexes.test.ts).
    SEARCH_COLD_WAIT_MS: '600000',
    SEARCH_WARM_STORES: '0',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * `opts.wrapPayments` replaces the payment provider with a wrapper around the real one (to simulate a crash between a
 * provider call and the next write, say); the wrapper keeps the real provider's state and webhooks. `logger`: Fastify
 * logger options to capture log lines (default: silent).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    logger?: object;
    indexHtml?: string;
    /** Serve the uploads folder (and the web build when there is one), as the server does. */
    serveWeb?: boolean;
    wrapPayments?: (real: PaymentProvider) => PaymentProvider;
  } = {},
): Promise<TestApp> {
  const database = await createTestDb();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-test-'));
  const config = testConfig(dataDir, env);
  let providers: Providers | undefined;
  if (opts.wrapPayments) {
    providers = createProviders(config, { db: database.db, secret: loadAppSecret(config) });
    providers.payments = opts.wrapPayments(providers.payments);
  }
  const app = await buildApp({
    db: database.db,
    config,
    logger: opts.logger ?? false,
    indexHtml: opts.indexHtml,
    serveWeb: opts.serveWeb,
    providers,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TwoInstances {
  /** The first instance, on the test database's own connections. */
  a: FastifyInstance;
  /** The second instance: its own connections when the database is a PostgreSQL server, else the same PGlite. */
  b: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Two app instances on one fresh test database, as two processes behind a load balancer would be (decisions 033-034):
 * on PostgreSQL each has its own connection pool, so LISTEN/NOTIFY and pg-boss see two clients; on PGlite they share
 * the one in-process database. Jobs run only when a test drains them (`JOB_WORKERS=false`); `env` adds settings.
 */
export async function createTwoInstances(
  env: Record<string, string> = {},
  opts: { indexHtml?: string } = {},
): Promise<TwoInstances> {
  const database = await createTestDb();
  const secondDb = database.url ? await openDatabase({ url: database.url }) : null;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-two-'));
  const config = testConfig(dataDir, env);
  const a = await buildApp({ db: database.db, config, logger: false, indexHtml: opts.indexHtml });
  const b = await buildApp({ db: (secondDb ?? database).db, config, logger: false, indexHtml: opts.indexHtml });
  // One after the other: on PGlite both share one connection, and two start-ups at once would interleave.
  await a.ready();
  await b.ready();
  return {
    a,
    b,
    database,
    dataDir,
    async close() {
      await a.close();
      await b.close();
      await secondDb?.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
