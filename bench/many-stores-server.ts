/**
 * Server of the many-stores benchmark (child process of bench/many-stores.ts): one app instance in production mode on
 * BENCH_DATABASE_URL (already seeded), with the default configuration unless the environment overrides it. Prints
 * `READY <port>`. GET /bench/stats reports the process's memory (after a garbage collection when Node runs with
 * --expose-gc), the search indexes' figures and the answer cache's counters.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { buildApp } from '../src/server/app.js';

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is required');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-many-stores-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
    JOB_WORKERS: 'false',
  });
  const database = await openDatabase({ url });
  const app = await buildApp({ db: database.db, config, logger: false });
  app.get('/bench/stats', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    const cache = app.answerCache;
    return {
      rss: m.rss,
      heapUsed: m.heapUsed,
      arrayBuffers: m.arrayBuffers,
      index: app.searchIndexes.stats(),
      cache: { hits: cache.hits, staleHits: cache.staleHits, misses: cache.misses },
    };
  });
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

void main();
