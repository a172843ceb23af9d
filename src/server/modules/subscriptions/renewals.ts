/**
 * Charging the seller's subscription (decisions 060-062): "pay now", the renewal job's charge of one store, and the
 * renewal sweep that also suspends lapsed subscriptions. One period is charged once: its invoice has a key unique per
 * store (`period:<nominal start>`), a charge is claimed by one caller (status `processing`) before the provider is
 * called outside any transaction, and the provider call carries an idempotency key per attempt, so the renewal job on
 * several instances, a retried job and "pay now" never charge a period twice.
 */
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { BaseContext, DbContext, StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { runTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/index.js';
import { storeSubscriptions, subscriptionInvoices } from '../../db/schema/subscriptions.js';
import { setStoreSuspended } from '../stores/index.js';
import { postSubscriptionPaid } from '../balances/index.js';
import type { PlanId, SubscriptionView } from '../../../shared/contracts/subscriptions.js';
import { PLANS, GRACE_DAYS, RETRY_HOURS, STALE_CLAIM_MS, addDays, addHours, addInterval } from './plans.js';
import {
  amountDue,
  ensureAllSubscriptions,
  ensureSubscription,
  lockSub,
  toView,
  type ChargeContext,
  type Sub,
} from './subscription-state.js';

/** What one charge attempt did. */
export type ChargeOutcome =
  | { result: 'paid'; invoiceId: string }
  | { result: 'failed'; invoiceId: string; failureCode: string; status: Sub['status'] }
  | { result: 'not_due' | 'busy' };

interface Claim {
  invoiceId: string;
  key: string;
  attempt: number;
  amountCents: number;
  token: string | null;
}

/**
 * Claims the charge of the store's unpaid period: `manual` ("pay now") when past due, suspended or lapsed; else (the
 * renewal job) when its next payment time has come. Returns null when there is nothing to charge or another caller
 * holds the charge (`busy`).
 */
async function claimCharge(ctx: StoreDbContext, now: Date, manual: boolean): Promise<Claim | 'not_due' | 'busy'> {
  return runTransaction(ctx.db, async (tx) => {
    const txCtx = { db: tx, storeId: ctx.storeId };
    const sub = await lockSub(txCtx);
    if (manual) {
      if (!amountDue(sub, now)) throw new AppError('SUBSCRIPTION_NOTHING_DUE');
      if (!sub.paymentToken) throw new AppError('SUBSCRIPTION_PAYMENT_METHOD_REQUIRED');
    } else if (
      !(sub.status === 'active' || sub.status === 'past_due') ||
      !sub.nextPaymentAt ||
      sub.nextPaymentAt > now
    ) {
      return 'not_due';
    }
    const plan = PLANS[sub.planId as PlanId];
    // The unpaid period is named by where the paid one ended, whenever it is paid: one invoice per period.
    const key = `period:${sub.currentPeriodEnd.toISOString()}`;
    const start = sub.status === 'suspended' || sub.status === 'cancelled' ? now : sub.currentPeriodEnd;
    await tx
      .insert(subscriptionInvoices)
      .values({
        storeId: ctx.storeId,
        planId: plan.id,
        amountCents: plan.priceCents,
        status: 'pending',
        idempotencyKey: key,
        periodStart: start,
        periodEnd: addInterval(start, plan.interval),
      })
      .onConflictDoNothing({ target: [subscriptionInvoices.storeId, subscriptionInvoices.idempotencyKey] });
    const [claimed] = await tx
      .update(subscriptionInvoices)
      .set({
        status: 'processing',
        attempts: sql`${subscriptionInvoices.attempts} + 1`,
        planId: plan.id,
        amountCents: plan.priceCents,
        updatedAt: now,
      })
      .where(
        and(
          eq(subscriptionInvoices.storeId, ctx.storeId),
          eq(subscriptionInvoices.idempotencyKey, key),
          or(
            inArray(subscriptionInvoices.status, ['pending', 'failed']),
            and(
              eq(subscriptionInvoices.status, 'processing'),
              lt(subscriptionInvoices.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
            ),
          ),
        ),
      )
      .returning();
    if (!claimed) {
      if (manual) throw new AppError('SUBSCRIPTION_PAYMENT_IN_PROGRESS');
      return 'busy';
    }
    return {
      invoiceId: claimed.id,
      key,
      attempt: claimed.attempts,
      amountCents: claimed.amountCents,
      token: sub.paymentToken,
    };
  });
}

/**
 * Records a charge's answer: the period paid (store reactivated) or the failure (past due, then suspended). The
 * owners are mailed, in the same transaction's job: a store back from past due or suspended is active again; a
 * declined renewal the job made (`manual` false: the seller paying on the page sees the answer there) or a suspension.
 */
async function settleCharge(
  ctx: StoreDbContext,
  claim: Claim,
  answer: { status: 'succeeded' | 'failed'; providerRef: string | null; failureCode: string | null },
  now: Date,
  manual: boolean,
): Promise<ChargeOutcome> {
  return runTransaction(ctx.db, async (tx) => {
    const txCtx = { db: tx, storeId: ctx.storeId };
    const sub = await lockSub(txCtx);
    const [invoice] = await tx
      .select()
      .from(subscriptionInvoices)
      .where(and(eq(subscriptionInvoices.id, claim.invoiceId), eq(subscriptionInvoices.storeId, ctx.storeId)));
    if (invoice.status === 'paid') return { result: 'paid', invoiceId: invoice.id } as const;
    if (answer.status === 'succeeded') {
      const plan = PLANS[invoice.planId as PlanId];
      const start = sub.status === 'suspended' || sub.status === 'cancelled' ? now : sub.currentPeriodEnd;
      const end = addInterval(start, plan.interval);
      await tx
        .update(subscriptionInvoices)
        .set({
          status: 'paid',
          providerRef: answer.providerRef,
          failureCode: null,
          periodStart: start,
          periodEnd: end,
          paidAt: now,
          updatedAt: now,
        })
        .where(eq(subscriptionInvoices.id, invoice.id));
      await tx
        .update(storeSubscriptions)
        .set({
          status: 'active',
          trial: false,
          currentPeriodStart: start,
          currentPeriodEnd: end,
          nextPaymentAt: end,
          pastDueSince: null,
          failedAttempts: 0,
          updatedAt: now,
        })
        .where(eq(storeSubscriptions.id, sub.id));
      await postSubscriptionPaid(txCtx, { invoiceId: invoice.id, amountCents: invoice.amountCents });
      await setStoreSuspended(txCtx, false);
      if (sub.status === 'past_due' || sub.status === 'suspended')
        await enqueue(tx, 'subscription-email', { storeId: ctx.storeId, kind: 'reactivated', invoiceId: invoice.id });
      return { result: 'paid', invoiceId: invoice.id } as const;
    }
    const failureCode = answer.failureCode ?? 'card_declined';
    await tx
      .update(subscriptionInvoices)
      .set({ status: 'failed', providerRef: answer.providerRef, failureCode, updatedAt: now })
      .where(eq(subscriptionInvoices.id, invoice.id));
    const suspend = sub.status === 'suspended' || now >= addDays(sub.currentPeriodEnd, GRACE_DAYS);
    const status = suspend ? 'suspended' : 'past_due';
    await tx
      .update(storeSubscriptions)
      .set({
        status,
        pastDueSince: sub.pastDueSince ?? now,
        failedAttempts: sub.failedAttempts + 1,
        nextPaymentAt: suspend ? null : addHours(now, RETRY_HOURS),
        updatedAt: now,
      })
      .where(eq(storeSubscriptions.id, sub.id));
    if (suspend) await setStoreSuspended(txCtx, true);
    if (suspend && sub.status !== 'suspended')
      await enqueue(tx, 'subscription-email', { storeId: ctx.storeId, kind: 'suspended' });
    else if (!suspend && !manual)
      await enqueue(tx, 'subscription-email', { storeId: ctx.storeId, kind: 'payment_failed', invoiceId: invoice.id });
    return { result: 'failed', invoiceId: invoice.id, failureCode, status } as const;
  });
}

/** One charge of the store's unpaid period: claim, provider call (outside any transaction), settle. */
async function charge(ctx: ChargeContext, now: Date, manual: boolean): Promise<ChargeOutcome> {
  const claim = await claimCharge(ctx, now, manual);
  if (claim === 'not_due' || claim === 'busy') return { result: claim };
  let answer: { status: 'succeeded' | 'failed'; providerRef: string | null; failureCode: string | null };
  if (!claim.token) answer = { status: 'failed', providerRef: null, failureCode: 'no_payment_method' };
  else {
    try {
      answer = await ctx.providers.recurring.chargeCard({
        token: claim.token,
        amountCents: claim.amountCents,
        idempotencyKey: `sub:${ctx.storeId}:${claim.key}:${claim.attempt}`,
        description: 'Vitrina subscription',
        metadata: { storeId: ctx.storeId, invoiceId: claim.invoiceId },
      });
    } catch (err) {
      // The provider did not answer: the claim goes stale and a later run asks again with the same key.
      if (manual) throw err;
      return { result: 'busy' };
    }
  }
  return settleCharge(ctx, claim, answer, now, manual);
}

/**
 * POST /api/admin/subscription/pay: charges the unpaid period now with the saved card; a suspended store is active
 * again when it succeeds. Throws SUBSCRIPTION_NOTHING_DUE (409), SUBSCRIPTION_PAYMENT_METHOD_REQUIRED (422),
 * SUBSCRIPTION_PAYMENT_IN_PROGRESS (409), SUBSCRIPTION_PAYMENT_DECLINED (422, the failure is recorded).
 */
export async function payNow(ctx: ChargeContext): Promise<SubscriptionView> {
  await ensureSubscription(ctx);
  const out = await charge(ctx, new Date(), true);
  if (out.result === 'failed') throw new AppError('SUBSCRIPTION_PAYMENT_DECLINED', { failureCode: out.failureCode });
  const [sub] = await ctx.db.select().from(storeSubscriptions).where(eq(storeSubscriptions.storeId, ctx.storeId));
  return toView(sub);
}

/** The renewal job's work for one store at `now`: charges it if its next payment time has come. */
export async function renewSubscription(ctx: ChargeContext, now = new Date()): Promise<ChargeOutcome> {
  return charge(ctx, now, false);
}

/**
 * The renewal sweep (decision 061): gives stores without a subscription their trial, charges every subscription due
 * at `now` (at most `limit`; a retry past the grace period that fails suspends), then suspends cancelled subscriptions
 * whose period ended and past-due ones past the grace period. Safe to run on several instances at once: each period is charged once.
 */
export async function runRenewals(
  ctx: DbContext & Pick<BaseContext, 'providers'>,
  now = new Date(),
  limit = 500,
): Promise<{ created: number; suspended: number; paid: number; failed: number }> {
  const { db } = ctx;
  const created = await ensureAllSubscriptions(ctx);
  const due = await db
    .select({ storeId: storeSubscriptions.storeId })
    .from(storeSubscriptions)
    .where(and(inArray(storeSubscriptions.status, ['active', 'past_due']), lte(storeSubscriptions.nextPaymentAt, now)))
    .orderBy(storeSubscriptions.nextPaymentAt)
    .limit(limit);
  let paid = 0;
  let failed = 0;
  for (const { storeId } of due) {
    const out = await renewSubscription({ ...ctx, storeId }, now);
    if (out.result === 'paid') paid++;
    if (out.result === 'failed') failed++;
  }
  const lapsed = await db
    .select({ storeId: storeSubscriptions.storeId })
    .from(storeSubscriptions)
    .where(
      or(
        and(eq(storeSubscriptions.status, 'cancelled'), lte(storeSubscriptions.currentPeriodEnd, now)),
        and(
          eq(storeSubscriptions.status, 'past_due'),
          lte(storeSubscriptions.currentPeriodEnd, addDays(now, -GRACE_DAYS)),
        ),
      ),
    );
  let suspended = 0;
  for (const { storeId } of lapsed) if (await suspendLapsed({ db, storeId }, now)) suspended++;
  return { created, suspended, paid, failed };
}

/** Suspends a cancelled subscription whose period ended, or a past-due one past the grace period (and its store). */
async function suspendLapsed(ctx: StoreDbContext, now: Date): Promise<boolean> {
  return runTransaction(ctx.db, async (tx) => {
    const txCtx = { db: tx, storeId: ctx.storeId };
    const sub = await lockSub(txCtx);
    const lapsed =
      (sub.status === 'cancelled' && sub.currentPeriodEnd <= now) ||
      (sub.status === 'past_due' && addDays(sub.currentPeriodEnd, GRACE_DAYS) <= now);
    if (!lapsed) return false;
    await tx
      .update(storeSubscriptions)
      .set({ status: 'suspended', nextPaymentAt: null, updatedAt: now })
      .where(eq(storeSubscriptions.id, sub.id));
    await setStoreSuspended(txCtx, true);
    await enqueue(tx, 'subscription-email', { storeId: ctx.storeId, kind: 'suspended' });
    return true;
  });
}
