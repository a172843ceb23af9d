/**
 * The marketplace part of `npm run bench` (`npm run bench -- marketplace`; decisions 134-137), on PostgreSQL with
 * BENCH_DATABASE_URL (a database named vitrina_bench*, dropped and recreated) or else PGlite:
 * - the global catalogue search with BENCH_MARKET_SUPPLIERS (500) suppliers × BENCH_MARKET_PRODUCTS (200) published
 *   products (100,000 offers), at 50 connections for BENCH_DURATION s after a warm-up on other queries: every request
 *   a query never asked before (word, filter, sort and page combined), so no answer comes from a cache;
 * - 1,000 listings created in one store through the listings service, then priced by one bulk rule (wholesale
 *   + 35 %, ending ,90) through the HTTP API;
 * - 1,000 stores listing one supplier product: the supplier's stock changes, and the time until every listing's copy
 *   and a sample of 20 of their storefront answers show it (the change feed, the sync job, the answer caches).
 * Writes bench/results-marketplace-<pglite|postgresql>.json and prints the lines for docs/performance.md.
 *   npx tsx bench/marketplace.ts
 * Seeding takes about 20 minutes on PostgreSQL; BENCH_MARKET_REUSE=1 with the same BENCH_DATABASE_URL reads back what
 * an earlier run seeded instead (the search, the bulk rule and the propagation are measured again; the listings'
 * creation is not, and the earlier runs' price and stock writes stay).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildQueries, rng } from './search-queries.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Ready {
  port: number;
  token: string;
  supplierIds: string[];
  departments: string[];
  seedSeconds: number;
  /** Null when an earlier run's database was reused (BENCH_MARKET_REUSE=1): the listings were not created again. */
  listingsCreatedSeconds: number | null;
  propagationStores: number;
  offerIndex: { offers: number; bytes: number; buildMs: number };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1) : 0;

/**
 * Never-repeated global catalogue URLs: each query word with each sort and page, a third of them filtered (by a
 * supplier, a department or a price ceiling drawn at random), in a shuffled order; no URL appears twice.
 */
function catalogPaths(r: () => number, words: string[], ready: Ready): string[] {
  const sorts = ['relevance', 'price_asc', 'price_desc', 'newest'];
  const out: string[] = [];
  for (const q of words)
    for (const sort of sorts)
      for (const page of ['1', '2']) {
        const p = new URLSearchParams({ q, sort, page });
        const f = r();
        if (f < 0.12) p.set('supplier', ready.supplierIds[Math.floor(r() * ready.supplierIds.length)]!);
        else if (f < 0.24) p.set('department', ready.departments[Math.floor(r() * ready.departments.length)]!);
        else if (f < 0.33) p.set('priceMax', String(20_000 + Math.floor(r() * 80_000)));
        out.push(`/api/admin/global-catalog?${p}`);
      }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return [...new Set(out)];
}

function load(port: number, token: string, paths: string[], seconds: number, latencies: number[] | null) {
  let i = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'es' },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  if (latencies)
    (instance as unknown as NodeJS.EventEmitter).on('response', (_c: unknown, _s: number, _b: number, t: number) => {
      latencies.push(t);
    });
  return { instance, used: () => i };
}

/** Runs the marketplace benchmark (see the file's comment) and writes its results. */
export async function runMarketplaceBench(): Promise<void> {
  const database = process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite';
  // BENCH_CPU_PROF_DIR: write the server's CPU profile there (node --cpu-prof) to see where a request's time goes.
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/marketplace-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (.+)\n/.exec(out);
      if (m) resolve(JSON.parse(m[1]) as Ready);
    });
    child.on('exit', (code) => reject(new Error(`marketplace bench server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  try {
    // Words for the warm-up and the measured run never overlap.
    const words = buildQueries(2400, 21);
    const r = rng(11);
    const warm = catalogPaths(r, words.slice(0, 400), ready);
    const measured = catalogPaths(r, words.slice(400), ready);
    if (WARMUP_S > 0) await load(ready.port, ready.token, warm, WARMUP_S, null).instance;
    await new Promise((res) => setTimeout(res, 2000));
    const latencies: number[] = [];
    const run = load(ready.port, ready.token, measured, DURATION_S, latencies);
    const result = await run.instance;
    latencies.sort((a, b) => a - b);
    const search = {
      offers: ready.supplierIds.length * Number(process.env.BENCH_MARKET_PRODUCTS ?? 200),
      suppliers: ready.supplierIds.length,
      connections: CONNECTIONS,
      requests: result.requests.total,
      distinctUrls: Math.min(run.used(), measured.length),
      repeated: run.used() > measured.length,
      rps: Math.round(result.requests.total / result.duration),
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
    console.error(`global catalogue search: ${JSON.stringify(search)}`);

    const t0 = performance.now();
    const bulk = await fetch(`${base}/api/admin/listings/prices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ percent: 35, endingCents: 90, belowFloor: 'raise' }),
    });
    const { priced, raised, skipped } = (await bulk.json()) as { priced: number; raised: number; skipped: number };
    const bulkBody = { priced, raised, skipped };
    const bulkMs = Math.round(performance.now() - t0);
    console.error(`bulk rule: ${bulk.status} ${JSON.stringify(bulkBody)} in ${bulkMs} ms`);

    const propagation = (await (await fetch(`${base}/bench/propagate`, { method: 'POST' })).json()) as {
      stores: number;
      copiesMs: number;
      answersMs: number;
    };
    console.error(`propagation: ${JSON.stringify(propagation)}`);

    const report = {
      date: new Date().toISOString(),
      database,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, load: os.loadavg() },
      seedSeconds: ready.seedSeconds,
      reusedDatabase: ready.listingsCreatedSeconds === null,
      offerIndex: ready.offerIndex,
      search,
      listings: {
        created: 1000,
        createSeconds: ready.listingsCreatedSeconds,
        bulkStatus: bulk.status,
        bulkMs,
        ...bulkBody,
      },
      propagation,
    };
    fs.writeFileSync(
      path.join('bench', `results-marketplace-${database}.json`),
      JSON.stringify(report, null, 2) + '\n',
    );
    console.log(
      `\nMarketplace (${database}, ${os.cpus().length} cores): global catalogue search, ${search.offers} offers of ` +
        `${search.suppliers} suppliers, ${CONNECTIONS} connections, never-repeated queries: ${search.rps} req/s, ` +
        `p50 ${search.p50} ms, p95 ${search.p95} ms, p99 ${search.p99} ms (${search.non2xx} non-2xx, ${search.errors} errors), ` +
        `from an in-memory index of ~${Math.round(ready.offerIndex.bytes / 1e6)} MB (estimate) built in ` +
        `${(ready.offerIndex.buildMs / 1000).toFixed(1)} s after the start; ` +
        (ready.listingsCreatedSeconds === null
          ? `(the database of an earlier run, reused: listings not created again), `
          : `1,000 listings created in ${ready.listingsCreatedSeconds} s, `) +
        `priced by one bulk rule in ${bulkMs} ms; ` +
        `a supplier's stock change reached ${propagation.stores} listings' copies in ${propagation.copiesMs} ms and ` +
        `20 sampled storefront answers in ${propagation.answersMs} ms.`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runMarketplaceBench();
