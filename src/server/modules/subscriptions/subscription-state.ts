/**
 * A store's subscription row and how it is shown (decisions 060-062): the trial a store starts with, what is due now,
 * the views the seller's page reads, and the row lock every change of the subscription takes first.
 */
import { eq } from 'drizzle-orm';
import type { BaseContext, DbContext, StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { storeSubscriptions, subscriptionInvoices } from '../../db/schema/subscriptions.js';
import { getStoreById, listStoreCreations } from '../stores/index.js';
import type { PlanId, SubscriptionInvoice, SubscriptionView } from '../../../shared/contracts/subscriptions.js';
import { PLANS, GRACE_DAYS, TRIAL_DAYS, addDays } from './plans.js';

/** A subscription row and an invoice row as stored. */
export type Sub = typeof storeSubscriptions.$inferSelect;
export type Invoice = typeof subscriptionInvoices.$inferSelect;

/** A store's context that can reach the payment provider (a request's, or a job's with the store id). */
export type ChargeContext = StoreDbContext & Pick<BaseContext, 'providers'>;

/** The trial subscription a store starts with (decision 061): monthly, free for TRIAL_DAYS from its creation. */
function trialRow(storeId: string, createdAt: Date) {
  const end = addDays(createdAt, TRIAL_DAYS);
  return {
    storeId,
    planId: 'monthly',
    status: 'active',
    trial: true,
    currentPeriodStart: createdAt,
    currentPeriodEnd: end,
    nextPaymentAt: end,
  };
}

/** The store's subscription, created as a trial when it has none yet. Throws STORE_NOT_FOUND. */
export async function ensureSubscription(ctx: StoreDbContext): Promise<Sub> {
  const { db, storeId } = ctx;
  const [found] = await db.select().from(storeSubscriptions).where(eq(storeSubscriptions.storeId, storeId)).limit(1);
  if (found) return found;
  const store = await getStoreById(ctx);
  if (!store) throw new AppError('STORE_NOT_FOUND');
  await db
    .insert(storeSubscriptions)
    .values(trialRow(storeId, store.createdAt))
    .onConflictDoNothing({ target: storeSubscriptions.storeId });
  const [row] = await db.select().from(storeSubscriptions).where(eq(storeSubscriptions.storeId, storeId)).limit(1);
  return row;
}

/** Gives every store without a subscription its trial (sign-ups, the demo seed). Returns how many were created. */
export async function ensureAllSubscriptions(ctx: DbContext): Promise<number> {
  const { db } = ctx;
  const have = new Set(
    (await db.select({ storeId: storeSubscriptions.storeId }).from(storeSubscriptions)).map((r) => r.storeId),
  );
  const missing = (await listStoreCreations(ctx)).filter((s) => !have.has(s.id));
  if (!missing.length) return 0;
  const created = await db
    .insert(storeSubscriptions)
    .values(missing.map((s) => trialRow(s.id, s.createdAt)))
    .onConflictDoNothing({ target: storeSubscriptions.storeId })
    .returning({ id: storeSubscriptions.id });
  return created.length;
}

/** What the seller may pay now: the plan's price when past due or suspended (or cancelled past its end); else 0. */
export function amountDue(sub: Sub, now: Date): number {
  const lapsed =
    sub.status === 'past_due' ||
    sub.status === 'suspended' ||
    (sub.status === 'cancelled' && sub.currentPeriodEnd <= now) ||
    (sub.status === 'active' && sub.nextPaymentAt !== null && sub.nextPaymentAt <= now);
  return lapsed ? PLANS[sub.planId as PlanId].priceCents : 0;
}

export function toView(sub: Sub, now = new Date()): SubscriptionView {
  const plan = PLANS[sub.planId as PlanId];
  return {
    planId: plan.id,
    status: sub.status as SubscriptionView['status'],
    trial: sub.trial,
    currentPeriodStart: sub.currentPeriodStart.toISOString(),
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    nextPaymentAt:
      sub.status === 'active' || sub.status === 'past_due' ? (sub.nextPaymentAt?.toISOString() ?? null) : null,
    nextPaymentCents: plan.priceCents,
    suspendsAt: sub.status === 'past_due' ? addDays(sub.currentPeriodEnd, GRACE_DAYS).toISOString() : null,
    amountDueCents: amountDue(sub, now),
    paymentMethod:
      sub.paymentToken && sub.cardBrand && sub.cardLast4 && sub.cardExpMonth && sub.cardExpYear
        ? { brand: sub.cardBrand, last4: sub.cardLast4, expMonth: sub.cardExpMonth, expYear: sub.cardExpYear }
        : null,
  };
}

export function toInvoiceView(i: Invoice): SubscriptionInvoice {
  return {
    id: i.id,
    planId: i.planId as PlanId,
    amountCents: i.amountCents,
    status: i.status as SubscriptionInvoice['status'],
    failureCode: i.failureCode,
    periodStart: i.periodStart.toISOString(),
    periodEnd: i.periodEnd.toISOString(),
    paidAt: i.paidAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
  };
}

/** The store's subscription row, locked for the rest of the transaction. Throws NOT_FOUND when it has none. */
export async function lockSub(ctx: StoreTxContext): Promise<Sub> {
  const { db: tx, storeId } = ctx;
  const [sub] = await tx.select().from(storeSubscriptions).where(eq(storeSubscriptions.storeId, storeId)).for('update');
  if (!sub) throw new AppError('NOT_FOUND');
  return sub;
}
