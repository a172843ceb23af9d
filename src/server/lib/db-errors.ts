/**
 * Recognises PostgreSQL errors by SQLSTATE through Drizzle's wrapper (DrizzleQueryError keeps the driver's error as
 * `cause`); node-postgres and PGlite both carry `code` and `constraint`.
 */
interface PgLikeError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function driverError(err: unknown): PgLikeError | null {
  for (let e = err as PgLikeError | undefined, depth = 0; e && depth < 5; e = e.cause as PgLikeError, depth++) {
    if (typeof e === 'object' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return null;
}

/** True for a unique violation (23505), of `constraint` when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = driverError(err);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
