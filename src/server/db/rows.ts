/**
 * The rows of a raw `db.execute(sql\`…\`)` result, typed as the caller's `T` (not checked). Drizzle's `execute` returns
 * the driver's own result: an object with `rows` from node-postgres and PGlite, the array itself from drivers such as
 * postgres.js; either way this gives the array of row objects.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
