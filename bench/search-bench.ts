/**
 * The search and product-detail part of `npm run bench` (decisions 033, 149). On BENCH_PRODUCTS (10,000) products:
 *   - search with the Zipf query mix of bench/search-queries.ts (about 69 % of its requests repeat a URL: the
 *     repeated-URL case, labelled so) and with never-repeated URLs whose warm-up used other URLs: one connection
 *     (service time) and 50 connections for the in-memory index alone (answer cache off), with the answer cache, and for
 *     PostgreSQL full-text search;
 *   - the Zipf mix on the answer cache while BENCH_SALES_PER_S (10) products sell each second, with its hit ratio;
 *   - product detail by random code over every product, never primed (warm-up on the other half of the codes), with
 *     and without the answer cache; and the repeated-URL case: Zipf visits on a cache primed with every product;
 *   - search quality on the judged queries of both demo stores; and, unless BENCH_LARGE=0, 100,000 products with the
 *     memory the index takes.
 * Writes bench/results-search-<db>.json.
 *   npx tsx bench/search-bench.ts            (also run at the end of npm run bench)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { rng, searchPaths, uniqueSearchPaths, zipfSampler } from './search-queries.js';
import { scoreStore, type QualityResult } from './search-quality.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const HOST = 'bench.localhost';
/** Sales a second during the read-while-selling case. */
const SALES_PER_S = Number(process.env.BENCH_SALES_PER_S ?? 10);

type CacheCounters = { hits: number; staleHits: number; misses: number };

/**
 * Runs `read` while a seller sells SALES_PER_S products a second through the server's /bench/sell; returns its case
 * and the answer cache's hit ratio over the whole time.
 */
async function whileSelling(
  port: number,
  read: () => Promise<Case>,
): Promise<{ case: Case; hitRatio: { ratio: number; sales: number; staleHits: number } }> {
  const before = (await stats(port)).cache as CacheCounters;
  let sales = 0;
  let on = true;
  const seller = (async () => {
    while (on) {
      const t0 = Date.now();
      await (await fetch(`http://127.0.0.1:${port}/bench/sell`, { method: 'POST' })).arrayBuffer();
      sales++;
      await new Promise((res) => setTimeout(res, Math.max(0, 1000 / SALES_PER_S - (Date.now() - t0))));
    }
  })();
  const c = await read();
  on = false;
  await seller;
  const after = (await stats(port)).cache as CacheCounters;
  const hits = after.hits - before.hits;
  const misses = after.misses - before.misses;
  return {
    case: c,
    hitRatio: {
      ratio: +(hits / Math.max(1, hits + misses)).toFixed(3),
      sales,
      staleHits: after.staleHits - before.staleHits,
    },
  };
}

export interface Case {
  name: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface Server {
  child: ChildProcess;
  ports: Record<string, number>;
  codes: string[];
}

function startServer(env: Record<string, string>, args: string[] = []): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/search-server.ts', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (.+)\n/.exec(out);
      if (m) resolve({ child, ...(JSON.parse(m[1]) as { ports: Record<string, number>; codes: string[] }) });
    });
    child.on('exit', (code) => reject(new Error(`search bench server exited with ${code}`)));
  });
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

function run(port: number, paths: string[], connections: number, seconds: number, latencies: number[] | null) {
  let i = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { host: HOST, 'x-store-domain': HOST, 'accept-language': 'es' },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  if (latencies)
    (instance as unknown as NodeJS.EventEmitter).on('response', (_c: unknown, _s: number, _b: number, t: number) => {
      latencies.push(t);
    });
  return instance;
}

/**
 * Warm-up (not measured; on `warmupPaths` when given, so a cache meets other URLs in the run), 2 s for the server to
 * finish it, then the measured run.
 */
export async function measure(
  name: string,
  port: number,
  paths: string[],
  connections: number,
  warmupPaths: string[] = paths,
): Promise<Case> {
  if (WARMUP_S > 0) {
    await run(port, warmupPaths, connections, WARMUP_S, null);
    await new Promise((r) => setTimeout(r, 2000));
  }
  const latencies: number[] = [];
  const r = await run(port, paths, connections, connections === 1 ? Math.min(DURATION_S, 8) : DURATION_S, latencies);
  latencies.sort((a, b) => a - b);
  const c: Case = {
    name,
    connections,
    requests: r.requests.total,
    rps: Math.round(r.requests.total / r.duration),
    p50: +pct(latencies, 50).toFixed(2),
    p95: +pct(latencies, 95).toFixed(2),
    p99: +pct(latencies, 99).toFixed(2),
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
  console.error(`  ${name}: ${c.rps} req/s, p50 ${c.p50} ms, p95 ${c.p95} ms (${c.requests} requests)`);
  return c;
}

/** Requests every path once, 16 at a time. */
async function prime(port: number, paths: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const res = await fetch(`http://127.0.0.1:${port}${paths[next++]}`, { headers: { 'x-store-domain': HOST } });
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function stats(port: number): Promise<Record<string, unknown>> {
  return (await fetch(`http://127.0.0.1:${port}/bench/stats`)).json() as Promise<Record<string, unknown>>;
}

const MB = (n: unknown) => Math.round(Number(n) / 2 ** 20);

export async function runSearchBench(): Promise<void> {
  const database = process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite';
  const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
  const mix = searchPaths();
  console.error(
    `search bench (${database}): ${mix.distinctQueries} distinct queries of ${mix.totalQueries} in ${mix.paths.length} requests (${new Set(mix.paths).size} distinct URLs)`,
  );
  const cases: Case[] = [];
  const server = await startServer({ BENCH_PRODUCTS: String(products) }, ['--demo']);
  const { ports, codes } = server;
  // A store's first search builds its index; do that before anything is timed.
  for (const port of Object.values(ports)) await prime(port, [mix.paths[0]]);
  const quality: QualityResult[] = [];
  for (const store of ['demo', 'hogar'] as const)
    quality.push(await scoreStore(`http://127.0.0.1:${ports.cache}`, store));
  // Product pages are visited with a Zipf distribution too (popular products often, the long tail rarely).
  const r = rng(5);
  const shuffled = [...codes].sort(() => r() - 0.5);
  const pickProduct = zipfSampler(shuffled.length, 1, r);
  const detail = Array.from({ length: 30_000 }, () => `/api/productos/${encodeURIComponent(shuffled[pickProduct()])}`);
  // Never-repeated searches: the warm-up's URLs are none of the run's.
  const warmUnique = uniqueSearchPaths(20_000);
  const unique = uniqueSearchPaths(150_000, { skip: 20_000 });
  // Product pages by random code over every product, the warm-up on one half of the codes and the run on the other.
  const half = Math.floor(shuffled.length / 2);
  const randomCodes = (from: number, to: number) =>
    Array.from(
      { length: 60_000 },
      () => `/api/productos/${encodeURIComponent(shuffled[from + Math.floor(r() * (to - from))])}`,
    );
  const warmDetail = randomCodes(0, half);
  const randomDetail = randomCodes(half, shuffled.length);
  const repeated = Math.round((1 - new Set(mix.paths).size / mix.paths.length) * 100);
  cases.push(await measure('search, index alone, 1 connection', ports.nocache, mix.paths, 1));
  cases.push(await measure('search, index alone', ports.nocache, mix.paths, 50));
  cases.push(await measure('search, index alone, never-repeated URLs', ports.nocache, unique, 50, warmUnique));
  cases.push(await measure('search, index + answer cache, never-repeated URLs', ports.cache, unique, 50, warmUnique));
  cases.push(
    await measure(`search, index + answer cache, Zipf mix (${repeated} % repeated URLs)`, ports.cache, mix.paths, 50),
  );
  cases.push(await measure('search, PostgreSQL full-text, 1 connection', ports.postgres, mix.paths, 1));
  cases.push(await measure('search, PostgreSQL full-text', ports.postgres, mix.paths, 50));
  cases.push(
    await measure('search, PostgreSQL full-text, never-repeated URLs', ports.postgres, unique, 50, warmUnique),
  );
  // Reads while selling: the Zipf mix on the cache with SALES_PER_S sales a second (stock and sales count).
  const selling = await whileSelling(ports.cache, () =>
    measure(`search, index + answer cache, Zipf mix, ${SALES_PER_S} sales/s`, ports.cache, mix.paths, 50),
  );
  cases.push(selling.case);
  // Product pages: random codes, the cache filling as shoppers visit (not primed), then without the cache.
  cases.push(
    await measure('product detail, random code, answer cache (not primed)', ports.cache, randomDetail, 50, warmDetail),
  );
  cases.push(
    await measure('product detail, random code, no answer cache', ports.nocache, randomDetail, 50, warmDetail),
  );
  // The repeated-URL case: the cache holding every product page first (a shop that has run a while), Zipf visits.
  await prime(
    ports.cache,
    codes.map((c) => `/api/productos/${encodeURIComponent(c)}`),
  );
  cases.push(
    await measure('product detail, Zipf visits, answer cache primed with every product', ports.cache, detail, 50),
  );
  const memory10k = await stats(ports.nocache);
  server.child.kill('SIGTERM');

  let large: { cases: Case[]; memory: Record<string, unknown>; before: Record<string, unknown> } | null = null;
  if (process.env.BENCH_LARGE !== '0') {
    console.error('seeding 100,000 products…');
    const big = await startServer({ BENCH_PRODUCTS: '100000', BENCH_APPS: 'nocache' });
    const before = await stats(big.ports.nocache);
    const t0 = Date.now();
    await prime(big.ports.nocache, [mix.paths[0]]);
    console.error(`  100,000 products: index built on the first search in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const bigCases = [
      await measure('100,000 products: search, index alone, 1 connection', big.ports.nocache, mix.paths, 1),
      await measure('100,000 products: search, index alone', big.ports.nocache, mix.paths, 50),
    ];
    large = { cases: bigCases, memory: await stats(big.ports.nocache), before };
    cases.push(...bigCases);
    big.child.kill('SIGTERM');
  }

  const report = {
    date: new Date().toISOString(),
    settings: {
      database,
      products,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      queryMix: { ...mix, paths: undefined },
    },
    cases,
    sellingHitRatio: selling.hitRatio,
    quality: quality.map(({ misses, ...q }) => ({ ...q, misses })),
    memory: {
      tenThousand: memory10k,
      hundredThousand: large?.memory ?? null,
      hundredThousandBeforeIndex: large?.before ?? null,
    },
  };
  fs.writeFileSync(`bench/results-search-${database}.json`, JSON.stringify(report, null, 2) + '\n');
  console.log(
    `\nSearch and product detail (${database}, ${products} products; query mix: ${mix.distinctQueries} distinct queries)\n`,
  );
  console.log(
    '| case | connections | req/s | p50 ms | p95 ms | p99 ms | requests | errors | non-2xx |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const c of cases)
    console.log(
      `| ${c.name} | ${c.connections} | ${c.rps} | ${c.p50} | ${c.p95} | ${c.p99} | ${c.requests} | ${c.errors} | ${c.non2xx} |`,
    );
  console.log(
    `\nAnswer-cache hit ratio on the Zipf mix while selling ${SALES_PER_S} products a second: ${selling.hitRatio.ratio} (${selling.hitRatio.sales} sales, ${selling.hitRatio.staleHits} answers served while recomputed)`,
  );
  for (const q of quality)
    console.log(
      `\nSearch quality, ${q.store}: ${q.score} (${q.hits}/${q.possible} hits in the top 5; ${q.satisfied}/${q.queries} queries answered right)`,
    );
  if (large) {
    const idx = large.memory.index as { bytes: number; products: number };
    console.log(
      `\nMemory at 100,000 products: RSS ${MB(large.memory.rss)} MB, JS heap ${MB(large.memory.heapUsed)} MB, typed arrays ${MB(large.memory.arrayBuffers)} MB (before the index: RSS ${MB(large.before.rss)} MB, heap ${MB(large.before.heapUsed)} MB, typed arrays ${MB(large.before.arrayBuffers)} MB); index estimate ${MB(idx.bytes)} MB for ${idx.products} products`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runSearchBench()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
