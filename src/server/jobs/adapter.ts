/**
 * pg-boss talks to the database through `{ executeSql(text, values) }` (its `db` option). This adapter runs its SQL on
 * the app's own connection: the PGlite instance or the node-postgres pool behind a Drizzle database, or the connection
 * of a Drizzle transaction, so a job enqueued inside a transaction commits or rolls back with it (decision 034).
 */
import type PgBoss from 'pg-boss';
import type { Db, Tx } from '../db/client.js';

/** What both drivers' clients (PGlite, its transaction, a pg Pool or PoolClient) offer. */
interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: runs several statements (pg-boss's schema installation); node-postgres does that in `query`. */
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/** The driver client under a Drizzle database or transaction (Drizzle keeps it on its session in both drivers). */
function rawClient(handle: Db | Tx): RawClient {
  const client = (handle as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('jobs: unsupported database handle');
  return client;
}

/** A pg-boss `db` adapter over `handle` (a Drizzle database or transaction). */
export function bossDb(handle: Db | Tx): PgBoss.Db {
  const client = rawClient(handle);
  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss sends multi-statement scripts (its install and migrations) without values; PGlite's query() takes one
      // statement only, so those go through exec(), whose last result is the script's.
      if (!values?.length && client.exec) {
        const results = await client.exec(text);
        return { rows: results[results.length - 1]?.rows ?? [] };
      }
      return client.query(text, values ?? []);
    },
  };
}

/** Which database a Drizzle handle talks to: PGlite's client can run scripts (exec), node-postgres' cannot. */
export function databaseKind(handle: Db | Tx): 'pglite' | 'postgres' {
  return rawClient(handle).exec ? 'pglite' : 'postgres';
}
