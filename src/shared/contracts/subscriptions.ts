/**
 * The seller's subscription ("plan, method, card expiry, next payment", "monthly or
 * yearly"; decisions 060-062). Money in integer centavos MXN; instants as ISO 8601 strings.
 */
import { z } from 'zod';
import { text } from './common.js';

export const PLAN_IDS = ['monthly', 'yearly', 'premium'] as const;
export const planId = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planId>;

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'suspended', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const plan = z.object({
  id: planId,
  priceCents: z.number().int(),
  interval: z.enum(['month', 'year']),
  /** Vitrina's fee on each sale, basis points (350 = 3.5 %) of the products after the coupon (decision 096). */
  platformFeeBps: z.number().int(),
});
export type Plan = z.infer<typeof plan>;

export const subscriptionInvoice = z.object({
  id: z.string(),
  planId: planId,
  amountCents: z.number().int(),
  status: z.enum(['pending', 'processing', 'paid', 'failed']),
  failureCode: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SubscriptionInvoice = z.infer<typeof subscriptionInvoice>;

export const subscriptionView = z.object({
  planId: planId,
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial: z.boolean(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  /** When the next charge is made; null when cancelled or suspended (the seller pays by hand). */
  nextPaymentAt: z.string().nullable(),
  /** What the next charge will be (the plan's price). */
  nextPaymentCents: z.number().int(),
  /** Past due: when the store is suspended unless paid. */
  suspendsAt: z.string().nullable(),
  /** Whether "pay now" has something to charge (past due or suspended). */
  amountDueCents: z.number().int(),
  paymentMethod: z
    .object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
    .nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const subscriptionResponse = z.object({
  subscription: subscriptionView,
  plans: z.array(plan),
  invoices: z.array(subscriptionInvoice),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** GET /api/platform/plans: the plans on sale, for the platform's home (public). */
export const publicPlans = z.object({
  plans: z.array(plan),
  /** A new store's free first days, on the monthly plan (decision 061). */
  trialDays: z.number().int(),
});
export type PublicPlans = z.infer<typeof publicPlans>;

export const changePlanInput = z.object({ planId });
export type ChangePlanInput = z.infer<typeof changePlanInput>;

/** The provider's token of a card saved at the provider (the sandbox: POST /api/payments/sandbox/payment-methods). */
export const paymentMethodInput = z.object({ token: z.string().regex(/^[A-Za-z0-9_]{8,100}$/) });
export type PaymentMethodInput = z.infer<typeof paymentMethodInput>;

/** The card the seller types, sent to the provider's own route, never to the app's API. */
export const subscriptionCardInput = z.object({
  number: text({ max: 40 })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { message: 'i18n:invalid_card' })),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
});
export type SubscriptionCardInput = z.infer<typeof subscriptionCardInput>;

export const savedCard = z.object({
  token: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCard = z.infer<typeof savedCard>;
