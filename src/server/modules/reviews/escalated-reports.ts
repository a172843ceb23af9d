/**
 * Reports the stores left pending too long (decision 164): a shopper's report of a review or a product is the
 * store's to resolve (decision 158); one still pending after ESCALATE_AFTER_DAYS days reaches the platform operator's
 * list. Read-only: the operator reads them and acts on the store (suspension) if it must.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { reviewReports } from '../../db/schema/reviews.js';
import type { DbContext } from '../../lib/context.js';

/** Days a report may wait for the store before the operator sees it. */
export const ESCALATE_AFTER_DAYS = 3;

/** A report the store left pending too long. */
export interface EscalatedReport {
  id: string;
  storeId: string;
  productId: string;
  reviewId: string | null;
  reason: string;
  details: string;
  createdAt: Date;
}

const cutoff = (now: Date) => new Date(now.getTime() - ESCALATE_AFTER_DAYS * 86_400_000);

/** Pending reports older than ESCALATE_AFTER_DAYS, of every store, oldest first (at most `limit`). */
export async function escalatedReports(ctx: DbContext, now = new Date(), limit = 200): Promise<EscalatedReport[]> {
  return ctx.db
    .select({
      id: reviewReports.id,
      storeId: reviewReports.storeId,
      productId: reviewReports.productId,
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      details: reviewReports.details,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .where(and(eq(reviewReports.status, 'pending'), lt(reviewReports.createdAt, cutoff(now))))
    .orderBy(asc(reviewReports.createdAt))
    .limit(limit);
}

/** How many escalated reports each of `storeIds` has, by store id (stores with none are missing). */
export async function escalatedReportCounts(
  ctx: DbContext,
  storeIds: string[],
  now = new Date(),
): Promise<Map<string, number>> {
  if (!storeIds.length) return new Map();
  const rows = await ctx.db
    .select({ storeId: reviewReports.storeId, n: sql<number>`count(*)::int` })
    .from(reviewReports)
    .where(
      and(
        inArray(reviewReports.storeId, storeIds),
        eq(reviewReports.status, 'pending'),
        lt(reviewReports.createdAt, cutoff(now)),
      ),
    )
    .groupBy(reviewReports.storeId);
  return new Map(rows.map((r) => [r.storeId, r.n]));
}
