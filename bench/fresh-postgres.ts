/** The benchmarks' PostgreSQL database, made anew for each run. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';

/** Drops and recreates the benchmark's PostgreSQL database; refuses any database not named vitrina_bench*. */
export async function freshPostgres(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^vitrina_bench\w*$/.test(name))
    throw new Error(
      `BENCH_DATABASE_URL must name a database vitrina_bench*, not "${name}" (it is dropped and recreated)`,
    );
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

/**
 * A benchmark process's data folder (under the system's temporary folder, named `<prefix>…`), configuration (silent
 * logs, production mode, rate limits out of the way, plus `env`) and database: a fresh PostgreSQL database when
 * BENCH_DATABASE_URL is set (kept as it is with `reuse`, for a benchmark that can read back what it seeded before),
 * else PGlite in the data folder.
 */
export async function openBenchDatabase(
  prefix: string,
  env: Record<string, string> = {},
  opts: { reuse?: boolean } = {},
): Promise<{ dataDir: string; config: AppConfig; database: Awaited<ReturnType<typeof openDatabase>> }> {
  if (process.env.BENCH_DATABASE_URL && !opts.reuse) await freshPostgres(process.env.BENCH_DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
    ...env,
  });
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: path.join(dataDir, 'db') },
  );
  return { dataDir, config, database };
}
