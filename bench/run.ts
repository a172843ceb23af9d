/**
 * `npm run bench`: measures the search and product-detail endpoints on a 10,000-product store under 50 concurrent
 * connections (autocannon), and a bare Fastify route as the ceiling; reports requests/s and p50/p95/p99 latency,
 * then the storefront's initial JavaScript (gzip) and checks that no admin code is in it. Writes bench/results-<pglite|postgresql>.json
 * and prints a Markdown table for docs/performance.md. Then the sign-in flood (flood.ts): a static JS file's latency
 * while sign-ins arrive faster than passwords can be hashed. `npm run bench -- flood` runs only the flood and writes
 * bench/results-flood.json. Then the checkout (bench/checkout.ts): completed orders/s with 50 buyers and a sell-out
 * race that must oversell nothing; `npm run bench -- checkout` runs only that and writes
 * bench/results-checkout-<pglite|postgresql>.json. Then the email latency (bench/emails.ts): order emails committed at
 * 50/s, commit → outbox median/p95/max; `npm run bench -- emails` runs only that and writes
 * bench/results-emails-<pglite|postgresql>.json. Then the marketplace (bench/marketplace.ts): the global catalogue
 * search at 100,000 offers, the bulk pricing of 1,000 listings and a supplier's change reaching 1,000 listings;
 * `npm run bench -- marketplace` runs only that. On PostgreSQL, then many stores on one instance (bench/many-stores.ts:
 * memory, cold and warm search, the answer cache while selling); `npm run bench -- stores` runs only that. Then the
 * storefront's p95 with 2,000 page views/s recorded (bench/visits.ts); `npm run bench -- visits` runs only that. Load goes to
 * 127.0.0.1 only, bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { signInFlood } from './flood.js';
import { CHECKOUT_PRODUCTS, runCheckoutBench, type CheckoutFigures } from './checkout.js';
import { runSearchBench } from './search-bench.js';
import { runMarketplaceBench } from './marketplace.js';
import { runManyStoresBench } from './many-stores.js';
import { runVisitsBench } from './visits.js';
import type { EmailFigures } from './emails.js';
import { searchPaths as searchMix } from './search-queries.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
/** Unmeasured load before each measurement, so JIT and caches are warm as in a running shop. */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);

interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function startServer(args: string[]): Promise<{ child: ChildProcess; port: number; codes: string[] }> {
  return new Promise((resolve, reject) => {
    // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server.
    const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'bench/server.ts', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+) ?(\S*)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), codes: m[2] ? m[2].split(',') : [] });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(name: string, port: number, paths: string[], host: string): Promise<Figures> {
  if (WARMUP_S > 0) {
    await run(port, paths, host, WARMUP_S, []);
    // Let the server finish what the warm-up left in flight, so the measured run starts from steady state.
    await new Promise((r) => setTimeout(r, 2000));
  }
  const latencies: number[] = [];
  const result = await run(port, paths, host, DURATION_S, latencies);
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: +percentile(latencies, 50).toFixed(1),
    p95: +percentile(latencies, 95).toFixed(1),
    p99: +percentile(latencies, 99).toFixed(1),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One autocannon run cycling through `paths`; pushes each response time (ms) into `latencies`. */
async function run(
  port: number,
  paths: string[],
  host: string,
  seconds: number,
  latencies: number[],
): Promise<autocannon.Result> {
  let i = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    // Wait up to 30 s for an answer, so a slow answer is measured as latency rather than dropped as an error.
    timeout: 30,
    headers: { host, 'x-store-domain': host, 'accept-language': 'es' },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  (instance as unknown as NodeJS.EventEmitter).on(
    'response',
    (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    },
  );
  return instance;
}

/** Static imports of a built chunk (minified `import{…}from"./x.js"` and bare `import"./x.js"`), as assets/ paths. */
function staticImports(src: string): string[] {
  return [...src.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
    (m) => `assets/${m[1]}`,
  );
}

/**
 * What a shopper's browser downloads before the storefront's first page renders: the entry chunks of the storefront
 * bundle's index.html (dist/web, preact/compat, decision 077), the storefront route chunk the router loads at once,
 * the page language's catalogue chunk (`lang`, Spanish by default), and everything those import statically. Admin
 * code must not be among them: it lives in the admin bundle (dist/admin, React), served on the platform domain and
 * under /admin; `adminChunks` lists the admin chunks of both bundles.
 */
function bundleFigures(lang: 'es' | 'en' = 'es'): {
  initialJsGzipKb: number;
  initialFiles: string[];
  adminInInitial: boolean;
  adminChunks: string[];
} {
  const dist = path.resolve('dist/web');
  const read = (f: string) => fs.readFileSync(path.join(dist, f), 'utf8');
  const all = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const storefrontRoutes = all.filter((f) => read(f).includes('micarrito/direccion'));
  // One language's catalogues load before the first render (src/web/lib/i18n.ts, decision 069).
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>)
    : {};
  const catalogueKey = `lib/catalogues/${lang}.ts`;
  const catalogues = manifest[catalogueKey] ? [manifest[catalogueKey].file] : [];
  const seen = new Set<string>();
  const queue = [...entry, ...storefrontRoutes, ...catalogues];
  while (queue.length) {
    const f = queue.shift()!;
    if (seen.has(f)) continue;
    seen.add(f);
    queue.push(...staticImports(read(f)));
  }
  const isAdmin = (src: string) => /\/api\/admin\/(dashboard|orders)/.test(src);
  let gz = 0;
  for (const f of seen) gz += zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
  const adminDir = path.resolve('dist/admin/admin-assets');
  const adminBundle = fs.existsSync(adminDir)
    ? fs
        .readdirSync(adminDir)
        .filter((f) => f.endsWith('.js') && isAdmin(fs.readFileSync(path.join(adminDir, f), 'utf8')))
        .map((f) => `admin-assets/${f}`)
    : [];
  return {
    initialJsGzipKb: +(gz / 1024).toFixed(1),
    initialFiles: [...seen],
    adminInInitial: [...seen].some((f) => isAdmin(read(f))),
    adminChunks: [...all.filter((f) => isAdmin(read(f))), ...adminBundle],
  };
}

/** The storefront's first-load JavaScript budget, gzip (docs/performance.md, decision 069). */
const INITIAL_JS_BUDGET_KB = 90;

/**
 * `npm run bench -- bundle`: only the initial-JS figures of an existing build (`npm run build` first), es and en;
 * exits with 1 when either language is over the budget or carries admin code.
 */
function bundleOnly(): void {
  for (const lang of ['es', 'en'] as const) {
    const b = bundleFigures(lang);
    if (b.initialJsGzipKb > INITIAL_JS_BUDGET_KB || b.adminInInitial) process.exitCode = 1;
    const sizes = b.initialFiles.map(
      (f) =>
        `${f} ${(zlib.gzipSync(fs.readFileSync(path.resolve('dist/web', f)), { level: 9 }).length / 1024).toFixed(1)}`,
    );
    console.log(
      `Storefront initial JS (${lang}): ${b.initialJsGzipKb} KB gzip in ${b.initialFiles.length} file(s) [${sizes.join(', ')}]; ` +
        `admin code in it: ${b.adminInInitial ? 'YES' : 'no'} (admin chunks: ${b.adminChunks.join(', ') || 'none'}); ` +
        `budget ${INITIAL_JS_BUDGET_KB} KB: ${b.initialJsGzipKb > INITIAL_JS_BUDGET_KB ? 'OVER' : 'met'}`,
    );
  }
}

async function floodOnly(): Promise<void> {
  const server = await startServer(['--flood']);
  const flood = await signInFlood(server.port);
  server.child.kill('SIGTERM');
  fs.writeFileSync(
    'bench/results-flood.json',
    JSON.stringify({ date: new Date().toISOString(), flood }, null, 2) + '\n',
  );
  console.log(JSON.stringify(flood, null, 2));
  process.exit(0);
}

/** Completed checkouts per second with CONNECTIONS buyers, and the sell-out race (bench/checkout.ts). */
async function checkoutFigures(): Promise<CheckoutFigures> {
  const server = await startServer(['--checkout']);
  const figures = await runCheckoutBench(server.port, {
    connections: CONNECTIONS,
    seconds: DURATION_S,
    warmupSeconds: WARMUP_S,
    products: CHECKOUT_PRODUCTS,
  });
  server.child.kill('SIGTERM');
  const s = figures.sellOut;
  console.log(
    `\nCheckout (${figures.connections} buyers, ${figures.seconds} s, ${process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite'}): ` +
      `${figures.ordersPerSecond} completed orders/s (${figures.completed}), p50 ${figures.p50} ms, p95 ${figures.p95} ms, ` +
      `p99 ${figures.p99} ms; answers ${JSON.stringify(figures.statuses)}\n` +
      `Sell-out race for ${s.stock} units: ${s.sold} sold, ${s.stockLeft} left, oversold ${s.oversold}, ` +
      `consistent ${s.consistent}; answers ${JSON.stringify(s.statuses)}`,
  );
  return figures;
}

async function checkoutOnly(): Promise<void> {
  const figures = await checkoutFigures();
  const database = process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite';
  fs.writeFileSync(
    `bench/results-checkout-${database}.json`,
    JSON.stringify({ date: new Date().toISOString(), database, checkout: figures }, null, 2) + '\n',
  );
  process.exit(0);
}

/** Email latency under a burst (bench/emails.ts): runs in a child process of its own, which prints `RESULT <json>`. */
function emailFigures(): Promise<EmailFigures & { outboxFiles: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts', '--emails'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      const m = /RESULT (\{.*\})/.exec(out);
      if (!m) return reject(new Error(`email bench exited with ${code} and no result`));
      const f = JSON.parse(m[1]!) as EmailFigures & { outboxFiles: number };
      console.log(
        `\nEmails (${f.database}, ${f.ratePerSecond}/s for ${f.seconds} s, poll ${f.pollSeconds} s, batch ${f.batchSize}): ` +
          `${f.sent}/${f.jobs} sent; commit → outbox p50 ${f.p50} ms, p95 ${f.p95} ms, max ${f.max} ms ` +
          `(target: max within 5000 ms)`,
      );
      resolve(f);
    });
  });
}

async function emailsOnly(): Promise<void> {
  const figures = await emailFigures();
  fs.writeFileSync(
    `bench/results-emails-${figures.database}.json`,
    JSON.stringify({ date: new Date().toISOString(), emails: figures }, null, 2) + '\n',
  );
  process.exit(0);
}

async function main(): Promise<void> {
  if (process.argv.includes('emails')) return emailsOnly();
  if (process.argv.includes('checkout')) return checkoutOnly();
  if (process.argv.includes('marketplace')) return runMarketplaceBench();
  if (process.argv.includes('stores')) return runManyStoresBench().then(() => process.exit(0));
  if (process.argv.includes('bundle')) return bundleOnly();
  if (process.argv.includes('visits')) return runVisitsBench().then(() => process.exit(0));
  // Always measure the current sources (both browser bundles, decision 077).
  const { build } = await import('vite');
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn' });
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn', mode: 'admin' });
  if (process.argv.includes('flood')) return floodOnly();
  const results: Figures[] = [];

  const bare = await startServer(['--bare']);
  results.push(await load('bare Fastify route (ceiling)', bare.port, ['/bare'], 'localhost'));
  bare.child.kill('SIGTERM');

  console.error('seeding the benchmark store…');
  const app = await startServer([]);
  const host = 'bench.localhost';
  // The realistic query mix (bench/search-queries.ts); bench/search-bench.ts measures search in detail.
  const searchPaths = searchMix().paths;
  results.push(await load('search (/api/reseller/producto/search)', app.port, searchPaths, host));
  results.push(
    await load(
      'product detail (/api/productos/:codigo)',
      app.port,
      app.codes.map((c) => `/api/productos/${encodeURIComponent(c)}`),
      host,
    ),
  );
  app.child.kill('SIGTERM');

  const floodServer = await startServer(['--flood']);
  const flood = await signInFlood(floodServer.port);
  floodServer.child.kill('SIGTERM');

  const checkout = await checkoutFigures();
  const emails = await emailFigures();

  const bundle = bundleFigures();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      products: Number(process.env.BENCH_PRODUCTS ?? 10_000),
      database: process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite',
    },
    results,
    signInFlood: flood,
    checkout,
    emails,
    bundle,
  };
  const out = `bench/results-${report.settings.database}.json`;
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(
    `\n| endpoint | req/s | p50 ms | p95 ms | p99 ms | requests | errors | non-2xx |\n|---|---|---|---|---|---|---|---|`,
  );
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.requests} | ${r.errors} | ${r.non2xx} |`,
    );
  console.log(
    `\nStorefront initial JS: ${bundle.initialJsGzipKb} KB gzip in ${bundle.initialFiles.length} file(s); admin code in it: ${bundle.adminInInitial ? 'YES' : 'no'} (admin chunks: ${bundle.adminChunks.join(', ') || 'none'})`,
  );
  console.log(
    `\nSign-in flood (${flood.signIns} at ${flood.perSecond}/s): static JS p50 ${flood.staticAloneMs.p50} ms alone, ` +
      `${flood.staticDuringFloodMs.p50} ms (p95 ${flood.staticDuringFloodMs.p95}, max ${flood.staticDuringFloodMs.max}) ` +
      `during the flood; sign-ins answered ${JSON.stringify(flood.signInStatuses)}`,
  );
  await runSearchBench();
  // Page views recorded at 2,000/s beside the storefront's traffic (bench/visits.ts; decision 161).
  await runVisitsBench();
  // The global catalogue, listings and their sync (bench/marketplace.ts), beside the storefront search.
  await runMarketplaceBench();
  // Many stores on one instance (bench/many-stores.ts): PostgreSQL only, as a platform of that size runs.
  if (process.env.BENCH_DATABASE_URL) await runManyStoresBench();
  process.exit(0);
}

void main();
