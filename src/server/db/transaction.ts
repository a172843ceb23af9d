/**
 * Transactions that never surface a database race as a 500. PostgreSQL aborts one side of a deadlock
 * (40P01) or of a serialization conflict (40001): the whole transaction is run again, after a short jittered backoff,
 * a few times. A unique violation (23505) that survives is a lost race the caller did not expect: it becomes a 409
 * CONFLICT. Lock order everywhere (so that retries are rare): the order row (SELECT … FOR UPDATE), then product
 * variants by id, then products by id, then the store row (folio), then payment rows.
 * PGlite has one connection and runs transactions one at a time, so there the retry never triggers.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error.js';
import type { Db, Tx } from './client.js';

const RETRYABLE = new Set(['40P01', '40001']);
export const UNIQUE_VIOLATION = '23505';
const MAX_ATTEMPTS = 6;

/** The SQLSTATE of a database error, looking through Drizzle's wrapper (`cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** True for a deadlock or serialization failure, which a new attempt of the same transaction can fix. */
export function isRetryable(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && RETRYABLE.has(code);
}

/**
 * Runs `fn` in a transaction; retries it on 40P01/40001 (up to 6 attempts, 5-160 ms jittered backoff); turns a
 * leftover unique violation or retry exhaustion into AppError CONFLICT (409). `fn` must be safe to run again: no
 * provider calls or emails inside, only database work. When `db` already is a transaction (a service called with
 * `withTx(ctx, tx)`), `fn` joins it: no savepoint and no retry here, the outer runTransaction retries the whole.
 */
export async function runTransaction<T>(db: Db | Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db as Tx);
  for (let attempt = 1; ; attempt++) {
    try {
      return await (db as Db).transaction(fn);
    } catch (err) {
      if (isRetryable(err) && attempt < MAX_ATTEMPTS) {
        await sleep(Math.random() * 5 * 2 ** attempt);
        continue;
      }
      if (isRetryable(err) || sqlState(err) === UNIQUE_VIOLATION) throw new AppError('CONFLICT');
      throw err;
    }
  }
}
