/**
 * Reads what the search index of a store holds: products and taxonomy through the catalog module (catalog/
 * search-source.ts), the seller's synonym groups from the search module's own table. Every query is scoped by store id.
 */
import { eq } from 'drizzle-orm';
import type { StoreDbContext } from '../../lib/context.js';
import { searchSynonyms } from '../../db/schema/search.js';

export { loadProducts, loadTaxonomy, type CategoryRow, type DepartmentRow, type ProductRow } from '../catalog/index.js';

/** The seller's synonym groups of a store (word lists). */
export async function loadSynonymGroups(ctx: StoreDbContext): Promise<string[][]> {
  const { db, storeId } = ctx;
  const rows = await db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.storeId, storeId));
  return rows.map((r) => r.terms);
}
