/**
 * Throughput through Caddy with two Vitrina instances against one, on the same machine: `npx tsx
 * bench/caddy-instances.ts`. One fresh PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/vitrina_bench_caddy; dropped and recreated, and dropped at the end) with the
 * benchmark store (BENCH_PRODUCTS products, default 2,000, at bench.localhost) and a checkout store (checkout.localhost,
 * sandbox card provider); two instances (tests/deploy/instance.ts, production mode) and Caddy with deploy/Caddyfile and
 * its internal CA, as the deployment tests run them. Three layouts, each measured on the same three cases:
 * - `direct`: one instance, no proxy (plain HTTP): what Caddy costs;
 * - `caddy-1`: Caddy (HTTPS) in front of one instance;
 * - `caddy-2`: Caddy (HTTPS) in front of both, round robin.
 * Cases: search (the Zipf mix of bench/search-queries.ts) and product detail (random codes), BENCH_CONNECTIONS (50)
 * keep-alive connections through autocannon for BENCH_DURATION s (15) after BENCH_WARMUP s (3); checkout, BENCH_BUYERS
 * (20) buyers placing and paying card orders as the browser does (order, the card at the sandbox, the return), each
 * from its own loopback address. Writes bench/results-caddy-instances.json and prints a Markdown table.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { seedBenchmarkStore } from '../src/server/seed/index.js';
import { createStore } from '../src/server/modules/stores/index.js';
import { createProduct } from '../src/server/modules/catalog/index.js';
import { insertPostalCodes } from '../src/server/modules/accounts/index.js';
import { handshake, startCaddy, stopChild, type RunningCaddy } from '../tests/deploy/caddy.js';
import { startInstance, type Instance } from '../tests/deploy/instances.js';
import { freshPostgres } from './fresh-postgres.js';
import { searchPaths } from './search-queries.js';

const DATABASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vitrina_bench_caddy';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const SEARCH_HOST = 'bench.localhost';
const CHECKOUT_HOST = 'checkout.localhost';
const ADDRESS = {
  fullName: 'María López',
  street: 'Calle Colima',
  exteriorNumber: '123',
  postalCode: '06700',
  state: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  city: 'Ciudad de México',
  neighborhood: 'Roma Norte',
  phone: '5512345678',
};
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', holderName: 'Ana Pérez' };

/** Where a layout is reached: a port, and whether through Caddy (HTTPS, SNI = the store's host). */
interface Target {
  name: 'direct' | 'caddy-1' | 'caddy-2';
  port: number;
  tls: boolean;
  ca?: string;
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1) : 0;

/** One autocannon run through `target` cycling `paths` on `host`; response times pushed into `latencies`. */
function cannon(target: Target, host: string, paths: string[], seconds: number, latencies: number[]) {
  let i = Math.floor(Math.random() * paths.length);
  const instance = autocannon({
    url: `${target.tls ? 'https' : 'http'}://127.0.0.1:${target.port}`,
    ...(target.tls && { servername: host }),
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    headers: { host, 'x-store-domain': host, 'accept-language': 'es' },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  (instance as unknown as NodeJS.EventEmitter).on('response', (_c: unknown, _s: number, _b: number, ms: number) =>
    latencies.push(ms),
  );
  return instance;
}

async function measure(target: Target, host: string, paths: string[]): Promise<Figures> {
  await cannon(target, host, paths, WARMUP_S, []);
  await new Promise((r) => setTimeout(r, 1000));
  const latencies: number[] = [];
  const result = await cannon(target, host, paths, DURATION_S, latencies);
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A buyer's client: keep-alive, its own loopback address (Caddy sets X-Forwarded-For from it; direct, we say it). */
function buyer(target: Target, i: number) {
  const ip = `127.0.${2 + Math.floor(i / 250)}.${(i % 250) + 1}`;
  const agent = target.tls
    ? new https.Agent({ keepAlive: true, maxSockets: 1, ca: target.ca, localAddress: ip })
    : new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (method: string, url: string, body?: object) =>
    new Promise<{ status: number; json: Record<string, unknown> | null }>((resolve) => {
      const options = {
        host: '127.0.0.1',
        port: target.port,
        path: url,
        method,
        agent,
        headers: {
          host: CHECKOUT_HOST,
          'content-type': 'application/json',
          'accept-language': 'es',
          ...(!target.tls && { 'x-forwarded-for': ip }),
        },
        ...(target.tls && { servername: CHECKOUT_HOST }),
      };
      const req = (target.tls ? https : http).request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json: Record<string, unknown> | null = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
          } catch {
            // not JSON (a proxy's error page)
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      });
      req.on('error', () => resolve({ status: 0, json: null }));
      req.end(body ? JSON.stringify(body) : undefined);
    });
}

/** Buyers placing and paying card orders for `seconds`: paid orders/s and the whole flow's latency. */
async function checkout(target: Target, seconds: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let paid = 0;
  const started = Date.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, i) => {
      const send = buyer(target, i);
      while (Date.now() < end) {
        const t0 = performance.now();
        const placed = await send('POST', '/api/pedido', {
          idempotencyKey: randomUUID(),
          email: `comprador-${randomUUID()}@example.com`,
          items: [{ codigo: 'BENCH-A', sku: 'BENCH-A-1', quantity: 1 }],
          address: ADDRESS,
          shipping: { servicio: 'economico' },
          paymentMethod: 'card',
        });
        const body = placed.json as {
          order?: { payment?: { id: string } | null };
          viewToken?: string;
          confirmation?: { clientSecret: string; confirmUrl: string } | null;
          code?: string;
        } | null;
        if (placed.status !== 201 || !body?.confirmation || !body.order?.payment) {
          const k = `${placed.status} ${body?.code ?? ''}`.trim();
          statuses[k] = (statuses[k] ?? 0) + 1;
          continue;
        }
        await send('POST', body.confirmation.confirmUrl, { clientSecret: body.confirmation.clientSecret, card: CARD });
        const back = await send('POST', `/api/payments/${body.order.payment.id}/3ds?viewToken=${body.viewToken}`, {});
        const status = String(back.json?.status ?? back.status);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 'paid') {
          paid++;
          latencies.push(performance.now() - t0);
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ordersPerSecond: +(paid / elapsed).toFixed(1),
    paid,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
  };
}

async function seed(): Promise<string[]> {
  await freshPostgres(DATABASE);
  const database = await openDatabase({ url: DATABASE });
  const started = Date.now();
  const { codes } = await seedBenchmarkStore(database.db, { products: PRODUCTS });
  await insertPostalCodes({ db: database.db }, [
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
    { db: database.db },
    { slug: 'checkout', name: 'Checkout', lang: 'es', hostnames: [CHECKOUT_HOST] },
  );
  await createProduct(
    { db: database.db, storeId },
    {
      codigo: 'BENCH-A',
      name: 'Producto BENCH-A',
      usage: 'Uso general',
      keywords: ['bench'],
      department: { slug: 'general', name: 'General' },
      category: { slug: 'varios', name: 'Varios' },
      variants: [{ sku: 'BENCH-A-1', options: {}, priceCents: 19_900, stock: 10_000_000 }],
    },
  );
  await database.close();
  console.error(`seeded ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return codes;
}

async function main() {
  const codes = await seed();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-caddy-'));
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: DATABASE,
    TRUST_PROXY: '127.0.0.1',
    PLATFORM_DOMAIN: 'localhost',
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PAYMENTS_SANDBOX: 'true',
    DNS_SERVERS: '127.0.0.1:9',
  };
  let instances: Instance[] = [];
  let caddy: RunningCaddy | null = null;
  const results: Record<string, Record<string, unknown>> = {};
  try {
    instances = await Promise.all(['a', 'b'].map((n) => startInstance(n, { ...env, DATA_DIR: path.join(dataDir, n) })));
    const search = searchPaths().paths;
    const products = codes.map((c) => `/api/productos/${encodeURIComponent(c)}`);
    const layouts: { name: Target['name']; upstreams: Instance[] | null }[] = [
      { name: 'direct', upstreams: null },
      { name: 'caddy-1', upstreams: instances.slice(0, 1) },
      { name: 'caddy-2', upstreams: instances },
    ];
    for (const layout of layouts) {
      let target: Target;
      if (layout.upstreams) {
        caddy = await startCaddy({
          upstreams: layout.upstreams.map((i) => `127.0.0.1:${i.port}`),
          platformDomain: 'localhost',
        });
        // Each store's certificate issued before the measurement (on demand, at the first handshake).
        await handshake(caddy.httpsPort, SEARCH_HOST);
        await handshake(caddy.httpsPort, CHECKOUT_HOST);
        target = { name: layout.name, port: caddy.httpsPort, tls: true, ca: await caddy.rootCertificate() };
      } else target = { name: layout.name, port: instances[0]!.port, tls: false };
      console.error(`${layout.name}: search`);
      const s = await measure(target, SEARCH_HOST, search);
      console.error(`${layout.name}: product`);
      const p = await measure(target, SEARCH_HOST, products);
      console.error(`${layout.name}: checkout`);
      await checkout(target, WARMUP_S);
      const c = await checkout(target, DURATION_S);
      results[layout.name] = { search: s, product: p, checkout: c };
      console.error(JSON.stringify(results[layout.name]));
      if (caddy) {
        await caddy.stop();
        caddy = null;
      }
    }
  } finally {
    if (caddy) await caddy.stop();
    await Promise.all(instances.map((i) => stopChild(i.child)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    const u = new URL(DATABASE);
    const name = u.pathname.slice(1);
    u.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: u.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  const out = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', node: process.version },
    products: PRODUCTS,
    connections: CONNECTIONS,
    buyers: BUYERS,
    seconds: DURATION_S,
    results,
  };
  fs.writeFileSync('bench/results-caddy-instances.json', `${JSON.stringify(out, null, 2)}\n`);
  const row = (case_: 'search' | 'product', l: string) => {
    const f = results[l]![case_] as Figures;
    return `| ${case_} | ${l} | ${f.rps} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.errors + f.non2xx} |`;
  };
  const lines = [
    '| case | layout | req/s | p50 ms | p95 ms | p99 ms | errors + non-2xx |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const c of ['search', 'product'] as const) for (const l of Object.keys(results)) lines.push(row(c, l));
  for (const l of Object.keys(results)) {
    const c = results[l]!.checkout as Awaited<ReturnType<typeof checkout>>;
    lines.push(
      `| checkout (paid orders/s) | ${l} | ${c.ordersPerSecond} | ${c.p50} | ${c.p95} | ${c.p99} | ${JSON.stringify(c.statuses)} |`,
    );
  }
  console.log(lines.join('\n'));
}

await main();
