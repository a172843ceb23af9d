/** The benchmarks' PostgreSQL database, made anew for each run. */
import pg from 'pg';

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
