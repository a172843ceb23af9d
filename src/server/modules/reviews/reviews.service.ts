/**
 * Reviews of a store's products: a buyer's rating (1-5) and comment, shown on the product page when visible. The
 * product's average and count are the catalogue's (products.rating_avg_x100, rating_count): catalog's `addReview` and
 * `refreshRating` keep them in step from `ratingTotals`. Every query is scoped by ctx.storeId.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { reviews } from '../../db/schema/reviews.js';
import type { StoreDbContext } from '../../lib/context.js';

/** A review as the product page shows it. */
export interface VisibleReview {
  id: string;
  authorName: string;
  rating: number;
  title: string;
  comment: string;
  createdAt: Date;
}

/** A new review: visible at once; `createdAt` for loads of past reviews (the demo seed). */
export interface NewReview {
  authorName: string;
  rating: number;
  title: string;
  comment: string;
  createdAt?: Date;
  userId?: string | null;
}

/** Inserts a visible review of a product (the caller refreshes the product's rating in the same transaction). */
export async function insertReview(ctx: StoreDbContext, productId: string, review: NewReview): Promise<void> {
  await ctx.db.insert(reviews).values({
    storeId: ctx.storeId,
    productId,
    authorName: review.authorName,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    userId: review.userId ?? null,
    ...(review.createdAt ? { createdAt: review.createdAt } : {}),
  });
}

/** The visible reviews of a product, newest first, at most `limit`. */
export async function listVisibleReviews(ctx: StoreDbContext, productId: string, limit = 50): Promise<VisibleReview[]> {
  return ctx.db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.productId, productId), eq(reviews.status, 'visible')))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
}

/**
 * Rating average (×100, rounded) and count of the visible reviews of each product that has any, of the given
 * products or of every product of the store.
 */
export async function ratingTotals(
  ctx: StoreDbContext,
  productIds?: string[],
): Promise<{ productId: string; avgX100: number; count: number }[]> {
  return ctx.db
    .select({
      productId: reviews.productId,
      avgX100: sql<number>`round(avg(${reviews.rating}) * 100)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.storeId, ctx.storeId),
        eq(reviews.status, 'visible'),
        productIds ? inArray(reviews.productId, productIds) : undefined,
      ),
    )
    .groupBy(reviews.productId);
}
