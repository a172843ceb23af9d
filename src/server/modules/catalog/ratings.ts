/**
 * A product's rating (products.rating_avg_x100, rating_count), kept in step with its visible reviews, which the
 * reviews module owns. Every query is scoped by ctx.storeId.
 */
import { sql } from 'drizzle-orm';
import { withTx, type StoreContext, type StoreDbContext } from '../../lib/context.js';
import { insertReview, ratingTotals, type NewReview } from '../reviews/index.js';

/** Adds a visible review and keeps the product's rating average (×100) and count in sync. */
export async function addReview(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  productId: string,
  review: NewReview,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await insertReview(withTx(ctx, tx), productId, review);
    await refreshRating(withTx(ctx, tx), [productId]);
  });
}

/** Recomputes rating average and count of products from their visible reviews (a product with none is left as is). */
export async function refreshRating(ctx: StoreDbContext, productIds?: string[]): Promise<void> {
  const totals = await ratingTotals(ctx, productIds);
  if (!totals.length) return;
  await ctx.db.execute(sql`
    update products p set rating_avg_x100 = r.avg, rating_count = r.n
    from unnest(${sql.param(totals.map((t) => t.productId))}::uuid[], ${sql.param(totals.map((t) => t.avgX100))}::int[],
                ${sql.param(totals.map((t) => t.count))}::int[]) as r(product_id, avg, n)
    where p.id = r.product_id and p.store_id = ${ctx.storeId}`);
}
