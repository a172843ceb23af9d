/**
 * A seller's search synonyms: groups of words a shopper may type for the same thing, added
 * to the built-in groups of the store's language. Every query is scoped by the seller's store id. A write reaches the
 * search of every instance through the change feed (the search_synonyms trigger).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { searchSynonyms } from '../../db/schema/search.js';
import { withTx, type StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { SYNONYM_GROUPS_MAX } from '../../../shared/limits.js';
import { lockStoreRow } from '../stores/index.js';
import type { SynonymGroup } from '../../../shared/contracts/search.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;

const columns = { id: searchSynonyms.id, terms: searchSynonyms.terms, updatedAt: searchSynonyms.updatedAt };
const toGroup = (r: { id: string; terms: string[]; updatedAt: Date }): SynonymGroup => ({
  id: r.id,
  terms: r.terms,
  updatedAt: r.updatedAt.toISOString(),
});

/** The store's synonym groups, oldest first. */
export async function listSynonymGroups(ctx: Ctx): Promise<SynonymGroup[]> {
  const rows = await ctx.db
    .select(columns)
    .from(searchSynonyms)
    .where(eq(searchSynonyms.storeId, ctx.storeId))
    .orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id));
  return rows.map(toGroup);
}

/**
 * Adds a group (words already validated by synonymGroupBody). Throws SYNONYM_LIMIT_REACHED when the store has
 * SYNONYM_GROUPS_MAX groups; the count and the insert run under a lock of the store's row, so a race of requests
 * cannot pass the limit.
 */
export async function createSynonymGroup(ctx: Ctx, terms: string[]): Promise<SynonymGroup> {
  return ctx.db.transaction(async (tx) => {
    await lockStoreRow(withTx(ctx, tx));
    const [{ n }] = await tx.select({ n: count() }).from(searchSynonyms).where(eq(searchSynonyms.storeId, ctx.storeId));
    if (n >= SYNONYM_GROUPS_MAX) throw new AppError('SYNONYM_LIMIT_REACHED', { max: SYNONYM_GROUPS_MAX });
    const [row] = await tx.insert(searchSynonyms).values({ storeId: ctx.storeId, terms }).returning(columns);
    return toGroup(row);
  });
}

/** Replaces a group's words. Throws SYNONYM_GROUP_NOT_FOUND when the store has no such group. */
export async function updateSynonymGroup(ctx: Ctx, id: string, terms: string[]): Promise<SynonymGroup> {
  const [row] = await ctx.db
    .update(searchSynonyms)
    .set({ terms, updatedAt: new Date() })
    .where(and(eq(searchSynonyms.id, id), eq(searchSynonyms.storeId, ctx.storeId)))
    .returning(columns);
  if (!row) throw new AppError('SYNONYM_GROUP_NOT_FOUND');
  return toGroup(row);
}

/** Deletes a group. Throws SYNONYM_GROUP_NOT_FOUND when the store has no such group. */
export async function deleteSynonymGroup(ctx: Ctx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(searchSynonyms)
    .where(and(eq(searchSynonyms.id, id), eq(searchSynonyms.storeId, ctx.storeId)))
    .returning({ id: searchSynonyms.id });
  if (!rows.length) throw new AppError('SYNONYM_GROUP_NOT_FOUND');
}
