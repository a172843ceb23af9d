/**
 * A product's rating (products.rating_avg_x100, rating_count), kept in step with its visible reviews, which the
 * reviews module owns. One source of truth (decision 157): every change of which reviews of a product are visible
 * runs in `withRatingLock`, which locks the product's row, makes the change and recomputes the figures from the
 * visible reviews in the same transaction, so concurrent reviews, hides and deletions of one product take turns and
 * the last to commit counts them all. Every query is scoped by ctx.storeId.
 */
import { and, eq, sql } from 'drizzle-orm';
import { products } from '../../db/schema/catalog.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type StoreContext, type StoreDbContext } from '../../lib/context.js';
import { insertReview, ratingTotals, type NewReview } from '../reviews/index.js';

/** Adds a visible review and keeps the product's rating average (×100) and count in sync. */
export async function addReview(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  productId: string,
  review: NewReview,
): Promise<void> {
  await withRatingLock(ctx, productId, (c) => insertReview(c, productId, review));
}

/**
 * Runs `change` in a transaction holding the product's row lock, then recomputes the product's rating from its
 * visible reviews before the commit. Returns what `change` returns. The caller has found the product in this store.
 */
export async function withRatingLock<T>(
  ctx: StoreDbContext,
  productId: string,
  change: (txCtx: StoreDbContext) => Promise<T>,
): Promise<T> {
  return runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.storeId, ctx.storeId)))
      .for('update');
    const result = await change(c);
    await refreshRating(c, [productId]);
    return result;
  });
}

/**
 * Recomputes rating average and count of products from their visible reviews. Given products without a visible
 * review go back to 0 (the product page skips the reviews query then); without `productIds`, every product of the
 * store that has a visible review is refreshed.
 */
export async function refreshRating(ctx: StoreDbContext, productIds?: string[]): Promise<void> {
  const totals = await ratingTotals(ctx, productIds);
  const ids = productIds ?? totals.map((t) => t.productId);
  if (!ids.length) return;
  const byId = new Map(totals.map((t) => [t.productId, t]));
  await ctx.db.execute(sql`
    update products p set rating_avg_x100 = r.avg, rating_count = r.n
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => byId.get(id)?.avgX100 ?? 0))}::int[],
                ${sql.param(ids.map((id) => byId.get(id)?.count ?? 0))}::int[]) as r(product_id, avg, n)
    where p.id = r.product_id and p.store_id = ${ctx.storeId}
      and (p.rating_avg_x100, p.rating_count) is distinct from (r.avg, r.n)`);
}
