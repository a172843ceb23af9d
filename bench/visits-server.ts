/**
 * Server of the visits benchmark (bench/visits.ts): a fresh database (PGlite, or BENCH_DATABASE_URL) with a
 * BENCH_VISITS_PRODUCTS-product store at bench.localhost, the proxy at 127.0.0.1 trusted (the load says which
 * visitor it is in X-Forwarded-For), served on an ephemeral port; prints `READY <port> <codes>`. Two bench-only routes:
 * `POST /__bench/recording?on=0|1` turns the page-view recorder off (the beacon still answers, nothing is queued) or
 * on, and `GET /__bench/visits` answers the rows written and dropped.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { seedBenchmarkStore } from '../src/server/seed/index.js';
import { openBenchDatabase } from './fresh-postgres.js';

async function main(): Promise<void> {
  const products = Number(process.env.BENCH_VISITS_PRODUCTS ?? 2_000);
  const { dataDir, config, database } = await openBenchDatabase('vitrina-bench-visits-', { TRUST_PROXY: '127.0.0.1' });
  const { codes } = await seedBenchmarkStore(database.db, { products });
  const app = await buildApp({ db: database.db, config, logger: false });
  const recorder = app.visits;
  const record = recorder.record.bind(recorder);
  app.post('/__bench/recording', async (request) => {
    const on = (request.query as { on?: string }).on !== '0';
    recorder.record = on ? record : () => true;
    return { on };
  });
  app.get('/__bench/visits', async () => {
    await recorder.flush();
    const result = (await database.db.execute(sql`select count(*)::int as n from page_views`)) as unknown as {
      rows: { n: number }[];
    };
    return { rows: result.rows[0].n, dropped: recorder.dropped };
  });
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

void main();
