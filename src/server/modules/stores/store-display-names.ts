/** Stores' names as other stores may see them (a supplier sees which reseller's order it ships; decision 134). */
import { inArray } from 'drizzle-orm';
import { stores } from '../../db/schema/stores.js';
import type { DbContext } from '../../lib/context.js';

/** The names of stores `ids`, by id (ids not found are absent). */
export async function storeDisplayNames(ctx: DbContext, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(inArray(stores.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
