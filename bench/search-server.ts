/**
 * Server of the search benchmark (child process of bench/search-bench.ts): seeds one database (a fresh PGlite folder,
 * or BENCH_DATABASE_URL, a PostgreSQL database named vitrina_bench*, dropped and recreated) with the benchmark store
 * (BENCH_PRODUCTS products at bench.localhost) and, with --demo, the two demo catalogues without photos (demo.localhost,
 * hogar.localhost); with BENCH_PEER_CATALOG=<catalog.json> the Vendure peer's catalogue instead of the benchmark
 * store (same products, slugs as codes, SKUs, options and prices as Vendure serves), then serves several app instances on that one database, each on its own ephemeral port:
 *   cache     the default configuration (in-memory index, answer cache)
 *   nocache   in-memory index, answer cache off (ANSWER_CACHE_MB=0): what the engine alone serves
 *   postgres  PostgreSQL full-text search, answer cache off (SEARCH_ENGINE=postgres)
 * Prints `READY <json>` with the ports and (up to 20,000) product codes; GET /bench/stats on any port reports memory, the
 * search indexes held (after a garbage collection when Node runs with --expose-gc) and the answer cache's counters;
 * POST /bench/sell sells one unit of a random product of the benchmark store (stock and sales count).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/rows.js';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { buildApp } from '../src/server/app.js';
import { seedBenchmarkStore } from '../src/server/seed/index.js';
import { seedCatalogStore, seedPeerCatalog } from './search-stores.js';

async function freshPostgres(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^vitrina_bench\w*$/.test(name)) throw new Error(`BENCH_DATABASE_URL must name a database vitrina_bench*`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

const APPS: Record<string, Record<string, string>> = {
  cache: {},
  nocache: { ANSWER_CACHE_MB: '0' },
  postgres: { SEARCH_ENGINE: 'postgres', ANSWER_CACHE_MB: '0' },
};

async function main(): Promise<void> {
  const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
  const only = (process.env.BENCH_APPS ?? 'cache,nocache,postgres').split(',');
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await freshPostgres(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-search-bench-'));
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, 'db') });
  const started = Date.now();
  // The Vendure peer's catalogue (data/nN/catalog.json of shared/peers/vendure) replaces the benchmark store.
  const peer = process.env.BENCH_PEER_CATALOG;
  const { codes } = peer
    ? await seedPeerCatalog(database.db, peer)
    : await seedBenchmarkStore(database.db, { products });
  if (process.argv.includes('--demo')) {
    await seedCatalogStore(database.db, 'demo');
    await seedCatalogStore(database.db, 'hogar');
  }
  console.error(`seeded ${products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const ports: Record<string, number> = {};
  const apps: FastifyInstance[] = [];
  for (const name of only) {
    const config = loadConfig({
      ...process.env,
      ...APPS[name],
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000000',
      NODE_ENV: 'production',
    });
    const app = await buildApp({ db: database.db, config, logger: false });
    app.get('/bench/stats', async () => {
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      return {
        rss: m.rss,
        heapUsed: m.heapUsed,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        index: app.searchIndexes.stats(),
        cache: { hits: app.answerCache.hits, staleHits: app.answerCache.staleHits, misses: app.answerCache.misses },
      };
    });
    // One sale of a random product of the benchmark store, written as checkout writes it (its variant's stock, its
    // sales count), for the read-while-selling case.
    app.post('/bench/sell', async () => {
      await database.db.transaction(async (tx) => {
        const [v] = rowsOf<{ id: string; product_id: string }>(
          await tx.execute(
            sql`select v.id, v.product_id from product_variants v join stores s on s.id = v.store_id where s.slug = 'bench' offset floor(random() * ${products})::int limit 1`,
          ),
        );
        if (!v) return;
        await tx.execute(sql`update product_variants set stock = stock - 1 where id = ${v.id}`);
        await tx.execute(sql`update products set sold_count = sold_count + 1 where id = ${v.product_id}`);
      });
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    ports[name] = typeof addr === 'object' && addr ? addr.port : 0;
    apps.push(app);
  }
  console.log(`READY ${JSON.stringify({ ports, codes: codes.slice(0, 20_000) })}`);
  process.on('SIGTERM', async () => {
    for (const app of apps) await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

void main();
