/**
 * Reviews of a store's products: a buyer's rating (1-5), title, comment and photos, pending until the publishing job
 * checks it (decision 157), shown on the product page when visible; shoppers' reports of a review or a product
 * (decision 158). The product's average and count are the catalogue's (products.rating_avg_x100, rating_count): every
 * change of which reviews are visible runs inside catalog's `withRatingLock`, which recomputes them from
 * `ratingTotals` in the same transaction. Every query is scoped by ctx.storeId.
 */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { reviewReports, reviews } from '../../db/schema/reviews.js';
import { AppError } from '../../lib/app-error.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import type { ReportBody, ReportReason, ReviewFlag, ReviewStatus } from '../../../shared/contracts/reviews.js';
import { REVIEW_EDIT_DAYS, REVIEW_PUBLISH_DELAY_MINUTES } from '../../../shared/limits.js';
import { reviewFlags } from './review-checks.js';

/** A review as the product page shows it. */
export interface VisibleReview {
  id: string;
  authorName: string;
  rating: number;
  title: string;
  comment: string;
  photos: { id: string; url: string }[];
  answer: string | null;
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
      photos: reviews.photos,
      answer: reviews.answer,
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

const DAY_MS = 86_400_000;

/** A review as its author and the seller read it (the product's name comes from catalog). */
export interface ReviewRow {
  id: string;
  productId: string;
  userId: string | null;
  authorName: string;
  rating: number;
  title: string;
  comment: string;
  photos: { id: string; url: string }[];
  status: ReviewStatus;
  flags: ReviewFlag[];
  answer: string | null;
  createdAt: Date;
}

/** A pending report of a review or of a product. */
export interface ReportRow {
  id: string;
  productId: string;
  reviewId: string | null;
  reason: ReportReason;
  details: string;
  createdAt: Date;
}

/** What a buyer writes (checked by the contract; photos already checked by the files module). */
export interface ReviewInput {
  rating: number;
  title: string;
  comment: string;
  photos: { id: string; url: string }[];
}

const rowColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  authorName: reviews.authorName,
  rating: reviews.rating,
  title: reviews.title,
  comment: reviews.comment,
  photos: reviews.photos,
  status: reviews.status,
  flags: reviews.flags,
  answer: reviews.answer,
  createdAt: reviews.createdAt,
};

const asRow = (r: { status: string; flags: string[] } & Omit<ReviewRow, 'status' | 'flags'>): ReviewRow => ({
  ...r,
  status: r.status as ReviewStatus,
  flags: r.flags as ReviewFlag[],
});

const publishAt = () => new Date(Date.now() + REVIEW_PUBLISH_DELAY_MINUTES * 60_000);

/** The last day a review written at `createdAt` may be edited. */
export function editableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

/** The product a review of this store is about, or null (the product never changes, so it may be read before a lock). */
export async function reviewProductId(ctx: StoreDbContext, reviewId: string): Promise<string | null> {
  const [r] = await ctx.db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.id, reviewId)));
  return r?.productId ?? null;
}

/** The review `userId` wrote of a product, or null. */
export async function findUserReview(
  ctx: StoreDbContext,
  userId: string,
  productId: string,
): Promise<ReviewRow | null> {
  const [r] = await ctx.db
    .select(rowColumns)
    .from(reviews)
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return r ? asRow(r) : null;
}

/**
 * Writes a buyer's review, pending until the publishing job checks it after REVIEW_PUBLISH_DELAY_MINUTES. The caller
 * has checked that the buyer received the product (`verifiedPurchase`, computed by orders, which come after reviews).
 * Throws REVIEW_NOT_ALLOWED without it, REVIEW_ALREADY_EXISTS when the buyer already reviewed the product.
 */
export async function createReview(
  ctx: StoreDbContext,
  author: { userId: string; name: string; verifiedPurchase: boolean },
  productId: string,
  input: ReviewInput,
): Promise<string> {
  if (!author.verifiedPurchase) throw new AppError('REVIEW_NOT_ALLOWED');
  const [row] = await ctx.db
    .insert(reviews)
    .values({
      storeId: ctx.storeId,
      productId,
      userId: author.userId,
      authorName: author.name,
      rating: input.rating,
      title: input.title,
      comment: input.comment,
      photos: input.photos,
      status: 'pending',
      publishAt: publishAt(),
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (!row) throw new AppError('REVIEW_ALREADY_EXISTS');
  return row.id;
}

/**
 * Changes the author's review within REVIEW_EDIT_DAYS of writing it; it goes back to pending (checked again after the
 * delay). Throws REVIEW_NOT_FOUND (not theirs), REVIEW_EDIT_EXPIRED.
 */
export async function updateOwnReview(
  ctx: StoreDbContext,
  userId: string,
  reviewId: string,
  input: ReviewInput,
): Promise<void> {
  const [r] = await ctx.db
    .select({ createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.id, reviewId), eq(reviews.userId, userId)));
  if (!r) throw new AppError('REVIEW_NOT_FOUND');
  if (editableUntil(r.createdAt).getTime() < Date.now())
    throw new AppError('REVIEW_EDIT_EXPIRED', { days: REVIEW_EDIT_DAYS });
  await ctx.db
    .update(reviews)
    .set({
      rating: input.rating,
      title: input.title,
      comment: input.comment,
      photos: input.photos,
      status: 'pending',
      flags: [],
      publishAt: publishAt(),
      updatedAt: new Date(),
    })
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.id, reviewId)));
}

/** Deletes the author's review (with its reports). Throws REVIEW_NOT_FOUND when it is not theirs. */
export async function deleteOwnReview(ctx: StoreDbContext, userId: string, reviewId: string): Promise<void> {
  const gone = await ctx.db
    .delete(reviews)
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.id, reviewId), eq(reviews.userId, userId)))
    .returning({ id: reviews.id });
  if (!gone.length) throw new AppError('REVIEW_NOT_FOUND');
}

/** The reviews `userId` wrote in this store, newest first. */
export async function listUserReviews(ctx: StoreDbContext, userId: string): Promise<ReviewRow[]> {
  const rows = await ctx.db
    .select(rowColumns)
    .from(reviews)
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.userId, userId)))
    .orderBy(desc(reviews.createdAt));
  return rows.map(asRow);
}

/**
 * The seller shows or hides a review; either way its pending reports are resolved (the seller has decided).
 * Throws REVIEW_NOT_FOUND.
 */
export async function setReviewVisibility(ctx: StoreDbContext, reviewId: string, visible: boolean): Promise<void> {
  const done = await ctx.db
    .update(reviews)
    .set({ status: visible ? 'visible' : 'hidden', publishAt: null, updatedAt: new Date() })
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.id, reviewId)))
    .returning({ id: reviews.id });
  if (!done.length) throw new AppError('REVIEW_NOT_FOUND');
  await ctx.db
    .update(reviewReports)
    .set({ status: 'resolved', resolvedAt: new Date() })
    .where(
      and(
        eq(reviewReports.storeId, ctx.storeId),
        eq(reviewReports.reviewId, reviewId),
        eq(reviewReports.status, 'pending'),
      ),
    );
}

/** The store's public answer to a review, once. Throws REVIEW_NOT_FOUND, REVIEW_ALREADY_ANSWERED. */
export async function answerReview(ctx: StoreDbContext, reviewId: string, answer: string): Promise<void> {
  const done = await ctx.db
    .update(reviews)
    .set({ answer, answeredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.id, reviewId), isNull(reviews.answer)))
    .returning({ id: reviews.id });
  if (done.length) return;
  if (await reviewProductId(ctx, reviewId)) throw new AppError('REVIEW_ALREADY_ANSWERED');
  throw new AppError('REVIEW_NOT_FOUND');
}

/**
 * A shopper's report of a visible review (`reviewId`) or of the product itself (null). Throws REVIEW_NOT_FOUND for a
 * review that is not visible in this store (a shopper cannot see the others).
 */
export async function reportContent(
  ctx: StoreDbContext,
  reporterId: string | null,
  target: { productId: string; reviewId: string | null },
  body: ReportBody,
): Promise<void> {
  if (target.reviewId) {
    const [r] = await ctx.db
      .select({ productId: reviews.productId })
      .from(reviews)
      .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.id, target.reviewId), eq(reviews.status, 'visible')));
    if (!r) throw new AppError('REVIEW_NOT_FOUND');
    target = { productId: r.productId, reviewId: target.reviewId };
  }
  await ctx.db.insert(reviewReports).values({
    storeId: ctx.storeId,
    productId: target.productId,
    reviewId: target.reviewId,
    reporterId,
    reason: body.reason,
    details: body.details,
  });
}

/** The seller sets a product report aside (resolved). Throws REPORT_NOT_FOUND. */
export async function resolveProductReport(ctx: StoreDbContext, reportId: string): Promise<void> {
  const done = await ctx.db
    .update(reviewReports)
    .set({ status: 'resolved', resolvedAt: new Date() })
    .where(and(eq(reviewReports.storeId, ctx.storeId), eq(reviewReports.id, reportId), isNull(reviewReports.reviewId)))
    .returning({ id: reviewReports.id });
  if (!done.length) throw new AppError('REPORT_NOT_FOUND');
}

/**
 * The store's reviews (of one product, or all), those with pending reports first, then newest first, with their
 * pending reports; at most `limit`.
 */
export async function listStoreReviews(
  ctx: StoreDbContext,
  productId?: string,
  limit = 200,
): Promise<(ReviewRow & { reports: ReportRow[] })[]> {
  // Qualified by hand: drizzle leaves a single table's columns unqualified, which the subquery would read as its own.
  const pending = sql<number>`(select count(*) from review_reports rr where rr.review_id = "reviews"."id"
    and rr.store_id = ${ctx.storeId} and rr.status = 'pending')::int`;
  const rows = await ctx.db
    .select({ ...rowColumns, pending })
    .from(reviews)
    .where(and(eq(reviews.storeId, ctx.storeId), productId ? eq(reviews.productId, productId) : undefined))
    .orderBy(desc(sql`${pending} > 0`), desc(reviews.createdAt))
    .limit(limit);
  const reports = await pendingReports(
    ctx,
    rows.filter((r) => r.pending > 0).map((r) => r.id),
  );
  return rows.map(({ pending: _p, ...r }) => ({
    ...asRow(r),
    reports: reports.filter((x) => x.reviewId === r.id),
  }));
}

/** Pending reports of the given reviews, or (`reviewIds` null) of products, newest first. */
export async function pendingReports(ctx: StoreDbContext, reviewIds: string[] | null): Promise<ReportRow[]> {
  if (reviewIds && !reviewIds.length) return [];
  const rows = await ctx.db
    .select({
      id: reviewReports.id,
      productId: reviewReports.productId,
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      details: reviewReports.details,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .where(
      and(
        eq(reviewReports.storeId, ctx.storeId),
        eq(reviewReports.status, 'pending'),
        reviewIds ? inArray(reviewReports.reviewId, reviewIds) : isNull(reviewReports.reviewId),
      ),
    )
    .orderBy(desc(reviewReports.createdAt))
    .limit(500);
  return rows.map((r) => ({ ...r, reason: r.reason as ReportReason }));
}

/** Pending reviews of every store whose delay is over, oldest first, at most `limit` (the publishing job). */
export async function dueReviews(
  ctx: DbContext,
  limit = 500,
): Promise<{ id: string; storeId: string; productId: string }[]> {
  return ctx.db
    .select({ id: reviews.id, storeId: reviews.storeId, productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.status, 'pending'), lte(reviews.publishAt, new Date())))
    .orderBy(asc(reviews.publishAt))
    .limit(limit);
}

/**
 * Checks a pending review whose delay is over and publishes it, or holds it hidden with what the checks found.
 * Conditional on the state (a retry, or an edit meanwhile, changes nothing). Returns the new status, or null.
 */
export async function publishDueReview(ctx: StoreDbContext, reviewId: string): Promise<ReviewStatus | null> {
  const [r] = await ctx.db
    .select({ title: reviews.title, comment: reviews.comment })
    .from(reviews)
    .where(
      and(
        eq(reviews.storeId, ctx.storeId),
        eq(reviews.id, reviewId),
        eq(reviews.status, 'pending'),
        lte(reviews.publishAt, new Date()),
      ),
    );
  if (!r) return null;
  const flags = reviewFlags(r.title, r.comment);
  const status = flags.length ? 'hidden' : 'visible';
  await ctx.db
    .update(reviews)
    .set({ status, flags, publishAt: null, updatedAt: new Date() })
    .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.id, reviewId)));
  return status;
}
