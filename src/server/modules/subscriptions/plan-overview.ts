/**
 * What the platform operator reads and sets of subscriptions (decisions 096, 164, 166): each store's plan and
 * subscription status, a plan's fee rate (basis points, the one place it lives), and how long a store has paid
 * without a gap (the diamond member rule).
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { storeSubscriptions, subscriptionInvoices, subscriptionPlans } from '../../db/schema/subscriptions.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { GRACE_DAYS } from './plans.js';

/** A store's plan as the operator's list shows it. */
export interface StorePlan {
  planId: string;
  /** trialing (the free first period) | active | past_due | suspended | cancelled */
  status: string;
  trial: boolean;
}

/** Each store's plan and status, by store id; a store without a subscription row is missing from the map. */
export async function storesPlans(ctx: DbContext, storeIds: string[]): Promise<Map<string, StorePlan>> {
  if (!storeIds.length) return new Map();
  const rows = await ctx.db
    .select({
      storeId: storeSubscriptions.storeId,
      planId: storeSubscriptions.planId,
      status: storeSubscriptions.status,
      trial: storeSubscriptions.trial,
    })
    .from(storeSubscriptions)
    .where(inArray(storeSubscriptions.storeId, storeIds));
  return new Map(rows.map((r) => [r.storeId, { planId: r.planId, status: r.status, trial: r.trial }]));
}

/**
 * Sets plan `planId`'s fee on sales to `bps` basis points (0-3000: at most 30 %). New orders take it at once; placed
 * orders keep the rate they were placed with. Returns the rate before and after. Throws NOT_FOUND for an unknown plan.
 */
export async function setPlanFeeBps(
  ctx: DbContext,
  planId: string,
  bps: number,
): Promise<{ before: number; after: number }> {
  const [old] = await ctx.db
    .select({ bps: subscriptionPlans.platformFeeBps })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, planId))
    .limit(1);
  if (!old) throw new AppError('NOT_FOUND');
  await ctx.db.update(subscriptionPlans).set({ platformFeeBps: bps }).where(eq(subscriptionPlans.id, planId));
  return { before: old.bps, after: bps };
}

/**
 * Whether the store has been on a paid plan without a gap for the last `days` days up to `now`: its paid periods
 * (trials are not paid) cover that span, each starting at most GRACE_DAYS after the previous one ended.
 */
export async function paidWithoutGap(ctx: StoreDbContext, days: number, now = new Date()): Promise<boolean> {
  const from = new Date(now.getTime() - days * 86_400_000);
  const paid = await ctx.db
    .select({ start: subscriptionInvoices.periodStart, end: subscriptionInvoices.periodEnd })
    .from(subscriptionInvoices)
    .where(
      and(
        eq(subscriptionInvoices.storeId, ctx.storeId),
        eq(subscriptionInvoices.status, 'paid'),
        gt(subscriptionInvoices.periodEnd, from),
      ),
    )
    .orderBy(asc(subscriptionInvoices.periodStart));
  if (!paid.length || paid[0]!.start > from) return false;
  const grace = GRACE_DAYS * 86_400_000;
  let coveredTo = paid[0]!.end;
  for (const p of paid.slice(1)) {
    if (p.start.getTime() > coveredTo.getTime() + grace) return false;
    if (p.end > coveredTo) coveredTo = p.end;
  }
  return coveredTo.getTime() + grace >= now.getTime();
}
