/** Whether a product code names a page of the storefront (decision 107: 200, 404 or 410). */
import { and, eq } from 'drizzle-orm';
import { products } from '../../db/schema/catalog.js';
import type { StoreDbContext } from '../../lib/context.js';

/**
 * `listed` (visible, not archived: its page exists), `archived` (the seller archived it: gone, until restored) or
 * `missing` (no such code in the store, or hidden by the seller).
 */
export async function productPageStatus(
  ctx: StoreDbContext,
  codigo: string,
): Promise<'listed' | 'archived' | 'missing'> {
  const [row] = await ctx.db
    .select({ visible: products.visible, archivedAt: products.archivedAt })
    .from(products)
    .where(and(eq(products.storeId, ctx.storeId), eq(products.codigo, codigo)))
    .limit(1);
  if (!row) return 'missing';
  if (row.archivedAt) return 'archived';
  return row.visible ? 'listed' : 'missing';
}
