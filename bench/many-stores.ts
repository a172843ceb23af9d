/**
 * Many stores on one instance (decisions 148, 149): BENCH_STORES stores (default 10,000) of BENCH_PER_STORE products
 * (default 50; 100 x 10,000 is the other shape worth running) each on
 * PostgreSQL (BENCH_DATABASE_URL, a database named vitrina_bench*; seeded unless BENCH_STORES_REUSE=1), served by one
 * app instance in production mode with its default configuration (bench/many-stores-server.ts, its own process so its
 * memory is its own). Measures:
 *   - after a warm-up on 20 other stores, cold: one search in every store in random order (no store's index in memory, or dropped by the budget): p50/p99,
 *     then RSS and heap; then again over every store with other words, to see memory stay flat;
 *   - builds per second over the cold passes, evictions and PostgreSQL fallbacks;
 *   - warm: never-repeated searches (word, sort and page combinations) in 50 stores whose indexes are in memory;
 *   - cache under sales: a Zipf mix of 1,000 distinct searches over 20 stores for BENCH_DURATION seconds while a
 *     writer sells BENCH_SALES_PER_S products of those stores (stock and sales count, as checkout writes them);
 *     the answer cache's hit ratio in that window.
 * Requests go to 127.0.0.1 with the store's Host. Writes bench/results-many-stores.json (another shape:
 * bench/results-many-stores-<stores>x<products>.json) and prints a Markdown table.
 * `npm run bench -- stores` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './fresh-postgres.js';
import { readCatalog } from '../src/server/seed/seed-catalog.js';
import { createStore } from '../src/server/modules/stores/index.js';
import { bulkInsertProducts, type NewProduct } from '../src/server/modules/catalog/index.js';

const STORES = Number(process.env.BENCH_STORES ?? 10_000);
const PER_STORE = Number(process.env.BENCH_PER_STORE ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const SALES_PER_S = Number(process.env.BENCH_SALES_PER_S ?? 10);
const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'];

const templates = [readCatalog('luma'), readCatalog('vendure')].flatMap((c) => c.products);
/** The template of product `i` of store `s` (stores see different slices of the catalogue). */
const templateOf = (s: number, i: number) => templates[(s * 37 + i) % templates.length];
/** A word of a product's name, folded enough for a URL (the search folds accents itself). */
const wordOf = (s: number, i: number) =>
  templateOf(s, i)
    .name.split(/\s+/)
    .filter((w) => w.length > 3)[0]
    ?.toLowerCase() ?? 'producto';

async function seed(): Promise<void> {
  const { database } = await openBenchDatabase('vitrina-many-stores-seed-');
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < STORES) {
      const s = next++;
      const { id: storeId } = await createStore(
        { db: database.db },
        { slug: `ms${s}`, name: `Tienda ${s}`, lang: 'es', hostnames: [`ms${s}.localhost`] },
      );
      const items: (NewProduct & { departmentId: null; categoryId: null })[] = [];
      for (let i = 0; i < PER_STORE; i++) {
        const p = templateOf(s, i);
        const codigo = `M${s}-${i}`;
        items.push({
          departmentId: null,
          categoryId: null,
          codigo,
          name: p.name,
          shortDescription: p.shortDescription,
          description: p.description.slice(0, 600),
          usage: p.usage,
          keywords: p.keywords,
          brand: p.brand,
          imageUrl: null,
          soldCount: (s * 31 + i * 7) % 500,
          variants: [{ sku: `${codigo}-0`, options: {}, priceCents: p.priceCents + i * 100, stock: 1_000_000 }],
        });
      }
      await bulkInsertProducts({ db: database.db, storeId }, items, 500, { analyze: false });
      if (s % 1000 === 999) console.error(`seeded ${s + 1} stores in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  await database.db.execute(sql`analyze`);
  await database.close();
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server.
    const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, ['--expose-gc', ...extra, '--import', 'tsx', 'bench/many-stores-server.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One GET; resolves with the latency in ms (rejects on a non-200). */
function get(port: number, host: string, path: string): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${res.statusCode} ${path}`)),
      );
    });
    req.on('error', reject);
  });
}

/** Runs `jobs` with `inFlight` (CONCURRENCY) at a time; returns the sorted latencies. */
async function pool(jobs: (() => Promise<number>)[], inFlight = CONCURRENCY): Promise<number[]> {
  const out: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < jobs.length) out.push(await jobs[next++]());
    }),
  );
  return out.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) =>
  +(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1);

type Stats = {
  rss: number;
  heapUsed: number;
  arrayBuffers: number;
  index: { stores: number; bytes: number; maxBytes: number; evictions: number; coldFallbacks: number; builds: number };
  cache: { hits: number; staleHits: number; misses: number };
};

async function stats(port: number): Promise<Stats> {
  const res = await fetch(`http://127.0.0.1:${port}/bench/stats`);
  return (await res.json()) as Stats;
}

const MB = (b: number) => Math.round(b / 1024 / 1024);
const searchPath = (word: string, sort: string, page: number) =>
  `/api/reseller/producto/search?q=${encodeURIComponent(word)}&sort=${sort}&page=${page}`;

function shuffled(n: number): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** The many-stores benchmark (see the top of this file); writes bench/results-many-stores.json. */
export async function runManyStoresBench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vitrina_bench_stores';
  process.env.BENCH_DATABASE_URL = url;
  if (process.env.BENCH_STORES_REUSE !== '1') await seed();
  const { child, port } = await startServer();
  try {
    const start = await stats(port);
    // Warm-up on other inputs: the last 20 stores, searched 20 times each, are left out of the cold passes.
    const measured = STORES - 20;
    await pool(
      Array.from({ length: 400 }, (_, i) => () => {
        const s = measured + (i % 20);
        return get(port, `ms${s}.localhost`, searchPath(wordOf(s, i % PER_STORE), SORTS[i % SORTS.length], 1));
      }),
    );
    const cold = async (word: (s: number) => string, order = shuffled(measured)) => {
      const t0 = Date.now();
      const before = await stats(port);
      const lat = await pool(
        order.map((s) => () => get(port, `ms${s}.localhost`, searchPath(word(s), 'relevance', 1))),
      );
      const after = await stats(port);
      return {
        p50: pct(lat, 50),
        p99: pct(lat, 99),
        buildsPerS: +((after.index.builds - before.index.builds) / ((Date.now() - t0) / 1000)).toFixed(0),
        after,
      };
    };
    const pass1 = await cold((s) => wordOf(s, 0));
    const order2 = shuffled(measured);
    const pass2 = await cold((s) => wordOf(s, 1), order2);
    // Service time of a cold search, one request at a time: the first 1,000 stores of the second pass, whose indexes
    // the budget has dropped since (PostgreSQL answers them; with the budget full, a first search does not build).
    const coldOne = await pool(
      order2.slice(0, 1000).map((s) => () => get(port, `ms${s}.localhost`, searchPath(wordOf(s, 3), 'relevance', 1))),
      1,
    );

    // Warm: 50 stores searched once and given time to build, then never-repeated searches in them.
    const warmStores = Array.from({ length: 50 }, (_, k) => Math.floor((k * STORES) / 50));
    for (const s of warmStores) await get(port, `ms${s}.localhost`, searchPath(wordOf(s, 2), 'relevance', 1));
    await new Promise((r) => setTimeout(r, 2000));
    const warmJobs: (() => Promise<number>)[] = [];
    for (let i = 0; i < 4000; i++) {
      const s = warmStores[i % 50];
      const product = 3 + (Math.floor(i / 50) % (PER_STORE - 3));
      warmJobs.push(() =>
        get(port, `ms${s}.localhost`, searchPath(wordOf(s, product), SORTS[i % SORTS.length], 1 + (i % 2))),
      );
    }
    const warm = await pool(warmJobs);
    // Service time, one request at a time, on other combinations (a sort and page pair the run above never asked).
    const warmOne = await pool(
      Array.from({ length: 2000 }, (_, i) => {
        const s = warmStores[i % 50];
        const product = 3 + (Math.floor(i / 50) % (PER_STORE - 3));
        return () =>
          get(port, `ms${s}.localhost`, searchPath(wordOf(s, product), SORTS[(i + 1) % SORTS.length], 1 + (i % 2)));
      }),
      1,
    );

    // The answer cache under sales: a Zipf mix over 20 stores while products of those stores sell.
    const zipfStores = warmStores.slice(0, 20);
    const urls: { host: string; path: string }[] = [];
    for (const s of zipfStores)
      for (let q = 0; q < 50; q++)
        urls.push({ host: `ms${s}.localhost`, path: searchPath(wordOf(s, q % PER_STORE), SORTS[q % 2], 1) });
    const weights = urls.map((_, k) => 1 / (k + 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const pick = () => {
      let r = Math.random() * total;
      for (let k = 0; k < weights.length; k++) if ((r -= weights[k]) <= 0) return urls[k];
      return urls[0];
    };
    const order = shuffled(urls.length).map((k) => urls[k]);
    for (const u of order) await get(port, u.host, u.path); // every URL once, so the window measures steady state
    const writer = new pg.Pool({ connectionString: url, max: 2 });
    const ids = (
      await writer.query<{ id: string; product_id: string }>(
        `select v.id, v.product_id from product_variants v join stores s on s.id = v.store_id where s.slug = any($1)`,
        [zipfStores.map((s) => `ms${s}`)],
      )
    ).rows;
    let sales = 0;
    let selling = true;
    const seller = (async () => {
      while (selling) {
        const v = ids[Math.floor(Math.random() * ids.length)];
        const client = await writer.connect();
        try {
          await client.query('begin');
          await client.query('update product_variants set stock = stock - 1 where id = $1', [v.id]);
          await client.query('update products set sold_count = sold_count + 1 where id = $1', [v.product_id]);
          await client.query('commit');
          sales++;
        } finally {
          client.release();
        }
        await new Promise((r) => setTimeout(r, 1000 / SALES_PER_S));
      }
    })();
    const before = await stats(port);
    const deadline = Date.now() + DURATION_S * 1000;
    const zipfLat: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < deadline) {
          const u = pick();
          zipfLat.push(await get(port, u.host, u.path));
        }
      }),
    );
    selling = false;
    await seller;
    await writer.end();
    const after = await stats(port);
    const hits = after.cache.hits - before.cache.hits;
    const misses = after.cache.misses - before.cache.misses;
    zipfLat.sort((a, b) => a - b);

    const results = {
      stores: STORES,
      productsPerStore: PER_STORE,
      concurrency: CONCURRENCY,
      startRssMB: MB(start.rss),
      cold1: {
        p50: pass1.p50,
        p99: pass1.p99,
        buildsPerS: pass1.buildsPerS,
        rssMB: MB(pass1.after.rss),
        heapMB: MB(pass1.after.heapUsed),
        arrayBuffersMB: MB(pass1.after.arrayBuffers),
        index: pass1.after.index,
      },
      cold2: {
        p50: pass2.p50,
        p99: pass2.p99,
        buildsPerS: pass2.buildsPerS,
        rssMB: MB(pass2.after.rss),
        heapMB: MB(pass2.after.heapUsed),
        arrayBuffersMB: MB(pass2.after.arrayBuffers),
        index: pass2.after.index,
      },
      coldOneConnection: { requests: coldOne.length, p50: pct(coldOne, 50), p99: pct(coldOne, 99) },
      warm: { requests: warmJobs.length, p50: pct(warm, 50), p99: pct(warm, 99) },
      warmOneConnection: { requests: warmOne.length, p50: pct(warmOne, 50), p99: pct(warmOne, 99) },
      salesWindow: {
        seconds: DURATION_S,
        distinctSearches: urls.length,
        sales,
        salesPerS: +(sales / DURATION_S).toFixed(1),
        requests: zipfLat.length,
        hitRatio: +(hits / Math.max(1, hits + misses)).toFixed(3),
        staleHits: after.cache.staleHits - before.cache.staleHits,
        p50: pct(zipfLat, 50),
        p99: pct(zipfLat, 99),
      },
      finalRssMB: MB(after.rss),
    };
    const shape = STORES === 10_000 && PER_STORE === 50 ? '' : `-${STORES}x${PER_STORE}`;
    fs.writeFileSync(`bench/results-many-stores${shape}.json`, JSON.stringify(results, null, 2) + '\n');
    console.log(JSON.stringify(results, null, 2));
    console.log(`
| case | figure |
| --- | --- |
| RSS after start | ${results.startRssMB} MB |
| cold search, every store once (${STORES} stores x ${PER_STORE}), ${CONCURRENCY} connections | p50 ${results.cold1.p50} ms, p99 ${results.cold1.p99} ms, RSS ${results.cold1.rssMB} MB |
| again, other words | p50 ${results.cold2.p50} ms, p99 ${results.cold2.p99} ms, RSS ${results.cold2.rssMB} MB |
| indexes held / budget | ${results.cold2.index.stores} stores, ${MB(results.cold2.index.bytes)} / ${MB(results.cold2.index.maxBytes)} MB (estimated) |
| builds per second (cold passes) | ${results.cold1.buildsPerS} / ${results.cold2.buildsPerS} |
| evictions, PostgreSQL fallbacks | ${results.cold2.index.evictions}, ${results.cold2.index.coldFallbacks} |
| cold search, one at a time (1,000 stores dropped by the budget) | p50 ${results.coldOneConnection.p50} ms, p99 ${results.coldOneConnection.p99} ms |
| warm search, never-repeated (50 stores), ${CONCURRENCY} connections | p50 ${results.warm.p50} ms, p99 ${results.warm.p99} ms |
| warm search, never-repeated, one at a time | p50 ${results.warmOneConnection.p50} ms, p99 ${results.warmOneConnection.p99} ms |
| answer-cache hit ratio, Zipf mix with ${results.salesWindow.salesPerS} sales/s | ${results.salesWindow.hitRatio} (${results.salesWindow.staleHits} stale-while-recomputed) |
`);
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  void runManyStoresBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
