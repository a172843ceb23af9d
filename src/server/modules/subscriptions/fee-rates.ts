/**
 * Vitrina's fee on sales per plan (decision 096): the `platform_fee_bps` column of `subscription_plans` is the one
 * place a rate lives (a platform operator will set it there). Checkout copies the store's rate onto each order when
 * it is placed; the ledger charges it when the order is paid. Rates are basis points (350 = 3.5 %).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { storeSubscriptions, subscriptionPlans } from '../../db/schema/subscriptions.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import type { Plan, PlanId, PublicPlans } from '../../../shared/contracts/subscriptions.js';
import { PLANS, TRIAL_DAYS } from './plans.js';

/** The plan a store without a subscription row is on: its trial starts on the monthly plan (decision 061). */
const TRIAL_PLAN: PlanId = 'monthly';

/** Every plan's fee rate, basis points, by plan id (what the plans pages show). */
export async function planFeeRates(ctx: DbContext): Promise<Record<string, number>> {
  const rows = await ctx.db
    .select({ id: subscriptionPlans.id, bps: subscriptionPlans.platformFeeBps })
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.sortOrder));
  return Object.fromEntries(rows.map((r) => [r.id, r.bps]));
}

/**
 * The fee rate of the store's plan now, basis points: the plan of its subscription, or the trial plan's when it has
 * none yet. Throws when the plan table lacks that plan (an install whose migrations did not run).
 */
export async function storeFeeBps(ctx: StoreDbContext): Promise<number> {
  const { db, storeId } = ctx;
  const [own] = await db
    .select({ bps: subscriptionPlans.platformFeeBps })
    .from(storeSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, storeSubscriptions.planId))
    .where(eq(storeSubscriptions.storeId, storeId))
    .limit(1);
  if (own) return own.bps;
  const [trial] = await db
    .select({ bps: subscriptionPlans.platformFeeBps })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, TRIAL_PLAN))
    .limit(1);
  if (!trial) throw new Error(`subscription plan ${TRIAL_PLAN} is missing: run the migrations`);
  return trial.bps;
}

/**
 * The fee rate of each store's plan now, basis points, by store id, in two queries whatever the number of stores (the
 * marketplace's floors of many resellers at once): as `storeFeeBps` gives it for each.
 */
export async function storesFeeBps(ctx: DbContext, storeIds: string[]): Promise<Map<string, number>> {
  const rates = await planFeeRates(ctx);
  const trial = rates[TRIAL_PLAN];
  if (trial === undefined) throw new Error(`subscription plan ${TRIAL_PLAN} is missing: run the migrations`);
  const out = new Map(storeIds.map((id) => [id, trial]));
  if (!storeIds.length) return out;
  const rows = await ctx.db
    .select({ storeId: storeSubscriptions.storeId, planId: storeSubscriptions.planId })
    .from(storeSubscriptions)
    .where(inArray(storeSubscriptions.storeId, storeIds));
  for (const r of rows) if (rates[r.planId] !== undefined) out.set(r.storeId, rates[r.planId]!);
  return out;
}

/** The plans on sale with their fee on sales (the plans pages, the platform's home); a plan without its row is not. */
export async function plansWithFees(ctx: DbContext): Promise<Plan[]> {
  const rates = await planFeeRates(ctx);
  return Object.values(PLANS)
    .filter((p) => rates[p.id] !== undefined)
    .map((p) => ({ ...p, platformFeeBps: rates[p.id]! }));
}

/** GET /api/platform/plans: the plans on sale with their fee, and the free trial's days (public). */
export async function publicPlanList(ctx: DbContext): Promise<PublicPlans> {
  return { plans: await plansWithFees(ctx), trialDays: TRIAL_DAYS };
}
