/**
 * Benchmark server (child process of bench/run.ts): a fresh PGlite database in a temp folder (or, with
 * BENCH_DATABASE_URL=postgres://…/vitrina_bench, a freshly recreated PostgreSQL database),
 * seeded with a 10,000-product store at bench.localhost, served on an ephemeral port; prints `READY <port> <codes>`.
 * With `--bare` it serves only a bare Fastify route, the ceiling of what the framework does on this machine; with
 * `--flood` a small store for the sign-in flood (flood.ts); with `--emails` it runs the email-latency benchmark
 * (emails.ts) in this process and prints `RESULT <json>`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { buildApp } from '../src/server/app.js';
import { seedBenchmarkStore } from '../src/server/seed/index.js';
import { createStore } from '../src/server/modules/stores/index.js';
import { createProduct } from '../src/server/modules/catalog/index.js';
import { insertPostalCodes } from '../src/server/modules/accounts/index.js';
import { CHECKOUT_PRODUCTS } from './checkout.js';
import { openBenchDatabase } from './fresh-postgres.js';
import { percentile, type EmailFigures } from './emails.js';
import { enqueue, type JobRun } from '../src/server/jobs/index.js';

async function bare(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true, items: [] }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  console.log(`READY ${typeof addr === 'object' && addr ? addr.port : 0}`);
}

async function full(): Promise<void> {
  const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
  const { dataDir, config, database } = await openBenchDatabase('vitrina-bench-');
  const started = Date.now();
  const { codes } = await seedBenchmarkStore(database.db, { products });
  console.error(`seeded ${products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const app = await buildApp({ db: database.db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  console.log(`READY ${typeof addr === 'object' && addr ? addr.port : 0} ${codes.slice(0, 200).join(',')}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/**
 * `--flood`: the sign-in flood. A small store at flood.localhost with one customer, the built web
 * app served as in production, and server rate limits per IP raised (as if the flood came from many addresses), so
 * that every sign-in reaches the password hash. Prints `READY <port>`.
 */
async function flood(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-flood-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await createStore({ db: database.db }, { slug: 'flood', name: 'Flood', lang: 'es', hostnames: ['flood.localhost'] });
  const app = await buildApp({ db: database.db, config, logger: false, serveWeb: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  console.log(`READY ${typeof addr === 'object' && addr ? addr.port : 0}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/**
 * `--checkout`: the checkout benchmark. A store at checkout.localhost (PGlite, or the recreated PostgreSQL
 * database of BENCH_DATABASE_URL) with two products and the sandbox card provider on, as a store in production would
 * have a real one. Prints `READY <port>`.
 */
async function checkout(): Promise<void> {
  const { dataDir, config, database } = await openBenchDatabase('vitrina-bench-checkout-', {
    PAYMENTS_SANDBOX: 'true',
    // The buyers all come from 127.0.0.1; each says who it is in X-Forwarded-For, as behind the shop's proxy, so the
    // per-visitor unpaid-order limit (decision 028) counts each buyer, not the benchmark as one visitor.
    TRUST_PROXY: '127.0.0.1',
  });
  const db = database.db;
  await insertPostalCodes({ db }, [
    {
      postalCode: '06700',
      settlement: 'Roma Norte',
      settlementType: 'Colonia',
      municipality: 'Cuauhtémoc',
      state: 'Ciudad de México',
      city: 'Ciudad de México',
    },
  ]);
  const { id: storeId } = await createStore(
    { db },
    { slug: 'checkout', name: 'Checkout', lang: 'es', hostnames: ['checkout.localhost'] },
  );
  for (const p of Object.values(CHECKOUT_PRODUCTS))
    await createProduct(
      { db, storeId },
      {
        codigo: p.codigo,
        name: `Producto ${p.codigo}`,
        usage: 'Uso general',
        keywords: ['bench'],
        department: { slug: 'general', name: 'General' },
        category: { slug: 'varios', name: 'Varios' },
        variants: [{ sku: `${p.codigo}-1`, options: {}, priceCents: 19_900, stock: p.stock }],
      },
    );
  const app = await buildApp({ db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  console.log(`READY ${typeof addr === 'object' && addr ? addr.port : 0}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/**
 * `--emails`: the email-latency benchmark (emails.ts). Places ORDERS real OXXO orders (each mails its voucher), waits
 * for the queue to be idle, then commits `order-email` jobs at the configured rate and measures commit → sent.
 */
async function emails(): Promise<void> {
  const RATE = Number(process.env.EMAIL_BENCH_RATE ?? 50);
  const SECONDS = Number(process.env.EMAIL_BENCH_SECONDS ?? 10);
  const ORDERS = 20;
  const { dataDir, config, database } = await openBenchDatabase('vitrina-bench-emails-', {
    PAYMENTS_SANDBOX: 'true',
    JOB_WORKERS: 'true',
  });
  const db = database.db;
  await insertPostalCodes({ db }, [
    {
      postalCode: '06700',
      settlement: 'Roma Norte',
      settlementType: 'Colonia',
      municipality: 'Cuauhtémoc',
      state: 'Ciudad de México',
      city: 'Ciudad de México',
    },
  ]);
  const { id: storeId } = await createStore(
    { db },
    { slug: 'correos', name: 'Correos', lang: 'es', hostnames: ['correos.localhost'] },
  );
  await createProduct(
    { db, storeId },
    {
      codigo: 'MAIL-1',
      name: 'Producto de correo',
      usage: 'Uso general',
      keywords: ['bench'],
      department: { slug: 'general', name: 'General' },
      category: { slug: 'varios', name: 'Varios' },
      variants: [{ sku: 'MAIL-1-1', options: {}, priceCents: 19_900, stock: 1_000_000 }],
    },
  );
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const done = new Map<string, number>();
  const waiters = new Set<() => void>();
  app.jobs.events.on('completed', (run: JobRun) => {
    if (run.name !== 'order-email') return;
    done.set(run.id, performance.now());
    for (const w of waiters) w();
  });
  const until = (check: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (check()) return resolve(true);
      const timer = setTimeout(() => (waiters.delete(w), resolve(false)), ms);
      const w = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(w);
        resolve(true);
      };
      waiters.add(w);
    });

  // Real orders first: their vouchers go out through the same queue.
  const orderIds: string[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': 'correos.localhost' },
      remoteAddress: `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`,
      payload: {
        idempotencyKey: crypto.randomUUID(),
        email: `comprador-${i}@example.com`,
        items: [{ codigo: 'MAIL-1', sku: 'MAIL-1-1', quantity: 1 }],
        address: {
          fullName: 'María López',
          street: 'Calle Colima',
          exteriorNumber: '123',
          postalCode: '06700',
          state: 'Ciudad de México',
          municipality: 'Cuauhtémoc',
          city: 'Ciudad de México',
          neighborhood: 'Roma Norte',
          phone: '5512345678',
        },
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    if (res.statusCode !== 201) throw new Error(`order ${i}: ${res.statusCode} ${res.body}`);
    orderIds.push((res.json() as { order: { id: string } }).order.id);
  }
  await until(() => done.size >= ORDERS, 120_000);
  done.clear();

  // The burst: one committed job every 1/RATE s, each in its own transaction, as an order's commit enqueues it.
  const committed = new Map<string, number>();
  const total = Math.round(RATE * SECONDS);
  const started = performance.now();
  const commits: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    commits.push(
      db
        .transaction((tx) => enqueue(tx, 'order-email', { storeId, orderId: orderIds[i % ORDERS]!, kind: 'voucher' }))
        .then((id) => void committed.set(id!, performance.now())),
    );
  }
  await Promise.all(commits);
  const allSent = await until(() => [...committed.keys()].every((id) => done.has(id)), 120_000);
  const latencies = [...committed]
    .flatMap(([id, at]) => (done.has(id) ? [done.get(id)! - at] : []))
    .sort((a, b) => a - b);
  const figures: EmailFigures = {
    database: process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite',
    ratePerSecond: RATE,
    seconds: SECONDS,
    jobs: committed.size,
    sent: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: allSent ? percentile(latencies, 100) : Number.POSITIVE_INFINITY,
    pollSeconds: config.JOB_POLL_SECONDS,
    batchSize: (config as { JOB_BATCH_SIZE?: number }).JOB_BATCH_SIZE ?? 1,
  };
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
  console.log(`RESULT ${JSON.stringify({ ...figures, outboxFiles: files })}`);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

void (process.argv.includes('--emails')
  ? emails()
  : process.argv.includes('--bare')
    ? bare()
    : process.argv.includes('--flood')
      ? flood()
      : process.argv.includes('--checkout')
        ? checkout()
        : full());
