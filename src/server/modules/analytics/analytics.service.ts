/**
 * Visits and recently viewed (/api/visto and /api/getVistos).
 */
import { desc, gte, sql } from 'drizzle-orm';
import { productViews } from '../../db/schema/analytics.js';
import type { DbContext, StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import type { ProductCard } from '../../../shared/contracts/common.js';
import { findProductId, getCardsByCodes } from '../catalog/index.js';

/** Most codes one getVistos call resolves. */
export const GET_VISTOS_MAX_CODES = 50;

/**
 * POST /api/getVistos: `codigosStrings` holds product codes joined by commas; answers the current cards of
 * those products in the same order (unknown, hidden or archived codes are left out), so the client replaces its list.
 */
export async function getRecentlyViewed(ctx: StoreContext, codigosStrings: string): Promise<ProductCard[]> {
  const codes = [
    ...new Set(
      codigosStrings
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c.length > 0 && c.length <= 64),
    ),
  ].slice(0, GET_VISTOS_MAX_CODES);
  return getCardsByCodes(ctx, codes);
}

/** Records one view of a product. Throws PRODUCT_NOT_FOUND. */
export async function recordProductView(ctx: StoreContext, codigo: string): Promise<void> {
  const productId = await findProductId(ctx, codigo);
  if (!productId) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  await ctx.db.insert(productViews).values({ storeId: ctx.storeId, productId });
}

/**
 * The stores whose products were viewed most since `since`, most visited first, at most `limit` (a platform-wide
 * read: which stores to warm up first after a start, decision 148). Counts views, not visitors.
 */
export async function mostVisitedStores(ctx: DbContext, input: { since: Date; limit: number }): Promise<string[]> {
  if (input.limit <= 0) return [];
  const views = sql<number>`count(*)`;
  const rows = await ctx.db
    .select({ storeId: productViews.storeId, views })
    .from(productViews)
    .where(gte(productViews.viewedAt, input.since))
    .groupBy(productViews.storeId)
    .orderBy(desc(views))
    .limit(input.limit);
  return rows.map((r) => r.storeId);
}
