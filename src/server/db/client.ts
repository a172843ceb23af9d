/**
 * Database connection: embedded PGlite (default, in-memory for tests) or a real PostgreSQL server
 * through node-postgres. Same schema, same migrations, same queries.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './pglite-lock.js';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The dialect-neutral Drizzle database both drivers give. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle transaction handle; accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Minimum pg_trgm word similarity for the search's typo fallback (decision 011). Set as the session's
 * `pg_trgm.word_similarity_threshold` so the `<%` operator, which the trigram GIN index serves, applies it.
 */
export const TYPO_WORD_SIMILARITY = 0.35;
const SESSION_SETTINGS = `-c pg_trgm.word_similarity_threshold=${TYPO_WORD_SIMILARITY}`;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * Options: `url` for PostgreSQL, else `dataDir` for a PGlite folder (locked to this process: DataDirInUseError when
 * another living process holds it, pglite-lock.ts), else an in-memory PGlite. `onPoolError` hears
 * errors of idle PostgreSQL connections (a server restart, a terminated backend); without a listener node-postgres
 * would crash the process on them. By default they are written to stderr and the pool replaces the connection.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  onPoolError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: SESSION_SETTINGS });
    pool.on(
      'error',
      opts.onPoolError ??
        ((err) => {
          console.error(`PostgreSQL idle connection error: ${err.message}`);
        }),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  // One process per data folder: a second instance on it refuses to start (DataDirInUseError) instead of corrupting it.
  const release = opts.dataDir && !opts.pglite ? lockDataDir(opts.dataDir) : () => undefined;
  try {
    const client = opts.pglite ?? (await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm, unaccent } }));
    await client.exec(`SET pg_trgm.word_similarity_threshold = ${TYPO_WORD_SIMILARITY}`);
    yieldBeforeEachQuery(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * PGlite runs each query synchronously in WebAssembly, and the next queued query starts from the previous one's
 * promise: under load, queries chain through microtasks and the event loop never gets to read new requests, so a
 * burst of shoppers starves whoever connected last (docs/performance.md). Yielding to the event loop before each
 * query and transaction lets requests that arrived in between join the queue fairly.
 */
function yieldBeforeEachQuery(client: PGlite): void {
  const nextTick = () =>
    new Promise<void>((resolve) => {
      setImmediate(resolve);
    });
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTick();
    return query(...args);
  }) as PGlite['query'];
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await nextTick();
    return transaction(...args);
  }) as PGlite['transaction'];
}

/** Extensions PGlite must load; exported for tests that build their own PGlite instance. */
export const pgliteExtensions = { pg_trgm, unaccent };
