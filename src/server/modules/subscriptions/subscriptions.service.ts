/**
 * The seller's subscription (decisions 060-062): the plan, the saved card (a provider token with brand, last 4 and
 * expiry; never the number), the periods and their charges. States: active → (renewal fails) past_due → (GRACE_DAYS
 * after the period end) suspended; cancelled → (at the period end) suspended; any → (a period paid) active. A
 * suspended subscription suspends the store (stores.status, 402 everywhere but the subscription pages); paying
 * reactivates it at once. This file reads and changes the subscription; charging it is renewals.ts, its row and views
 * subscription-state.ts.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { runTransaction } from '../../db/transaction.js';
import { storeSubscriptions, subscriptionInvoices } from '../../db/schema/subscriptions.js';
import type {
  PaymentMethodInput,
  PlanId,
  SubscriptionResponse,
  SubscriptionView,
} from '../../../shared/contracts/subscriptions.js';
import { plansWithFees } from './fee-rates.js';
import { ensureSubscription, lockSub, toInvoiceView, toView, type ChargeContext } from './subscription-state.js';

// The module's index and the routes reach the whole subscription through this file.
export { ensureSubscription, ensureAllSubscriptions, type ChargeContext } from './subscription-state.js';
export { payNow, renewSubscription, runRenewals, type ChargeOutcome } from './renewals.js';

/** GET /api/admin/subscription: my subscription, the plans and the charges (newest first, at most 50). */
export async function getSubscription(ctx: StoreDbContext): Promise<SubscriptionResponse> {
  const { db, storeId } = ctx;
  const sub = await ensureSubscription(ctx);
  const invoices = await db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.storeId, storeId))
    .orderBy(desc(subscriptionInvoices.createdAt))
    .limit(50);
  return { subscription: toView(sub), plans: await plansWithFees(ctx), invoices: invoices.map(toInvoiceView) };
}

/**
 * Changes the plan (decision 061): the next charge is the new plan's price and its period length; the period under way
 * is not charged again nor refunded. A cancelled subscription whose period has not ended is resumed.
 */
export async function changePlan(ctx: StoreDbContext, planId: PlanId): Promise<SubscriptionView> {
  await ensureSubscription(ctx);
  const sub = await runTransaction(ctx.db, async (tx) => {
    const s = await lockSub({ db: tx, storeId: ctx.storeId });
    const now = new Date();
    const resume = s.status === 'cancelled' && s.currentPeriodEnd > now;
    const [row] = await tx
      .update(storeSubscriptions)
      .set({
        planId,
        updatedAt: now,
        ...(resume ? { status: 'active', nextPaymentAt: s.currentPeriodEnd } : {}),
      })
      .where(eq(storeSubscriptions.id, s.id))
      .returning();
    return row;
  });
  return toView(sub);
}

/**
 * Saves the card the seller gave the provider (its token): the provider is asked for brand, last 4 and expiry.
 * Throws PAYMENT_METHOD_INVALID (422) for a token the provider does not know.
 */
export async function savePaymentMethod(ctx: ChargeContext, input: PaymentMethodInput): Promise<SubscriptionView> {
  await ensureSubscription(ctx);
  const card = await ctx.providers.recurring.retrieveCard(input.token);
  if (!card) throw new AppError('PAYMENT_METHOD_INVALID');
  const [row] = await ctx.db
    .update(storeSubscriptions)
    .set({
      paymentToken: card.token,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      updatedAt: new Date(),
    })
    .where(eq(storeSubscriptions.storeId, ctx.storeId))
    .returning();
  return toView(row);
}

/** Cancels at the period's end: no more renewals; the store is suspended when the paid period ends. */
export async function cancelSubscription(ctx: StoreDbContext): Promise<SubscriptionView> {
  await ensureSubscription(ctx);
  const [row] = await ctx.db
    .update(storeSubscriptions)
    .set({ status: 'cancelled', nextPaymentAt: null, updatedAt: new Date() })
    .where(and(eq(storeSubscriptions.storeId, ctx.storeId), eq(storeSubscriptions.status, 'active')))
    .returning();
  if (!row) throw new AppError('INVALID_TRANSITION');
  return toView(row);
}
