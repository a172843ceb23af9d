/**
 * Payment records of orders (decision 027). Keeps the `payments` rows
 * and calls the configured PaymentProvider; order state changes are the orders module's. A payment attempt is written
 * (status `processing`) in the order's own transaction before the provider is called, and the provider's idempotency
 * key is derived from it, so that a crash between "provider charged" and "order marked paid" can always be
 * reconciled by asking the provider. Amounts are integer centavos. No card data is stored.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { paymentEvents, payments } from '../../db/schema/payments.js';
import {
  providerNamed,
  type PaymentMethodName,
  type PaymentProvider,
  type ProviderPayment,
} from '../../providers/payments/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Payment } from '../../../shared/contracts/checkout.js';
import type { BaseContext, DbContext, StoreDbContext, StoreTxContext, TxContext } from '../../lib/context.js';

export type PaymentRow = typeof payments.$inferSelect;
/** Statuses from which the provider may still move a payment (nothing final has happened). */
export const OPEN_STATUSES = ['processing', 'requires_action', 'pending'] as const;

/** The payment as the API shows it. A pending voucher past its expiry shows as expired: expiry is the voucher's. */
export function toPayment(p: PaymentRow, now = new Date()): Payment {
  const expired = p.status === 'pending' && p.expiresAt !== null && p.expiresAt <= now;
  return {
    id: p.id,
    method: p.method as Payment['method'],
    status: expired ? 'expired' : (p.status as Payment['status']),
    amountCents: p.amountCents,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    reference: p.reference,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    challengeId: p.status === 'requires_action' ? (p.action?.challengeId ?? null) : null,
    failureCode: p.failureCode,
  };
}

/** The idempotency key the provider gets for this attempt: a retry or a reconciliation reaches the same payment. */
export const attemptKey = (payment: Pick<PaymentRow, 'id'>) => `vitrina_payment_${payment.id}`;

/** Methods paid through a provider and given back through it (a card, the wallet); OXXO cash is not. */
export const REFUNDABLE_METHODS = ['card', 'paypal'] as const;

/** The configured provider of payment row `payment` (its `provider` column), or null (manual, or not configured). */
export const providerOf = (ctx: Pick<BaseContext, 'providers'>, payment: Pick<PaymentRow, 'provider'>) =>
  providerNamed(ctx.providers, payment.provider);

/** Like providerOf, for a row that must have one. Throws PAYMENTS_UNAVAILABLE. */
function requireProvider(ctx: Pick<BaseContext, 'providers'>, payment: Pick<PaymentRow, 'provider'>): PaymentProvider {
  const p = providerOf(ctx, payment);
  if (!p) throw new AppError('PAYMENTS_UNAVAILABLE');
  return p;
}

/** Records a payment attempt (status processing) inside the order's transaction, before any provider call. */
export async function createPaymentAttempt(
  ctx: StoreTxContext,
  input: { orderId: string; provider: string; method: PaymentMethodName; amountCents: number },
): Promise<PaymentRow> {
  const { db: tx, storeId } = ctx;
  const [row] = await tx
    .insert(payments)
    .values({ ...input, storeId, status: 'processing' })
    .returning();
  return row;
}

/** A payment the seller received outside any provider (cash marked paid by hand), status succeeded. */
export async function insertManualPayment(
  ctx: StoreTxContext,
  input: { orderId: string; method: PaymentMethodName; amountCents: number },
): Promise<PaymentRow> {
  const { db: tx, storeId } = ctx;
  const [row] = await tx
    .insert(payments)
    .values({ ...input, storeId, provider: 'manual', status: 'succeeded' })
    .returning();
  return row;
}

/**
 * The payment of an order whose total is zero (a 100 % coupon on a pickup order): nothing to charge, so no provider
 * is asked; recorded as succeeded with amount 0 and provider `none`, inside the order's transaction.
 */
export async function insertFreePayment(
  ctx: StoreTxContext,
  input: { orderId: string; method: PaymentMethodName },
): Promise<PaymentRow> {
  const { db: tx, storeId } = ctx;
  const [row] = await tx
    .insert(payments)
    .values({ ...input, storeId, provider: 'none', status: 'succeeded', amountCents: 0 })
    .returning();
  return row;
}

/**
 * The provider's payment for this attempt, created at the provider if it does not exist there yet (idempotent by
 * `attemptKey`, so a second call or a call after a crash finds the same one). Stores the provider's reference.
 * OXXO: creating it issues the voucher, payable until `expiresAt`.
 */
export async function ensureProviderPayment(
  ctx: Pick<BaseContext, 'db' | 'providers'>,
  payment: PaymentRow,
  input: {
    description: string;
    expiresAt?: Date;
    /** OXXO through Stripe: name and email on the voucher. */
    billing?: { name: string; email: string };
    /** The buyer's language: the provider's payment locale. */
    locale?: 'es' | 'en';
    /** Wallet: where the provider sends the buyer back after approving or cancelling. */
    returnUrl?: string;
    cancelUrl?: string;
  },
): Promise<ProviderPayment> {
  const { db } = ctx;
  const provider = requireProvider(ctx, payment);
  if (payment.providerRef) {
    const found = await provider.retrievePayment(payment.providerRef);
    if (found) return found;
  }
  const created = await provider.createPayment({
    method: payment.method as PaymentMethodName,
    amountCents: payment.amountCents,
    idempotencyKey: attemptKey(payment),
    description: input.description,
    expiresAt: input.expiresAt,
    metadata: { storeId: payment.storeId, orderId: payment.orderId, paymentId: payment.id },
    ...(input.billing ? { billing: input.billing } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
    ...(input.returnUrl ? { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl } : {}),
  });
  if (!payment.providerRef)
    await db
      .update(payments)
      .set({ providerRef: created.providerRef, updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.storeId, payment.storeId)));
  return created;
}

/** Voids an unpaid payment at the provider; returns the provider's payment (succeeded if it was paid meanwhile). */
export async function cancelAtProvider(
  ctx: Pick<BaseContext, 'providers'>,
  providerRef: string,
  payment?: Pick<PaymentRow, 'provider'>,
): Promise<ProviderPayment> {
  const provider = payment ? requireProvider(ctx, payment) : ctx.providers.payments;
  return provider.cancelPayment(providerRef);
}

/**
 * Wallet: captures at the provider a payment its buyer approved (`p.status` approved), idempotent by a key derived
 * from the payment, so that any number of returns, webhooks and sweeps capture once. Only an open payment is
 * captured: one the app closed (its order expired or was cancelled) is left to expire at the provider. Returns the
 * provider's payment as it is after the capture (or `p` unchanged when there is nothing to capture).
 */
export async function captureApproved(
  ctx: Pick<BaseContext, 'providers'>,
  payment: PaymentRow,
  p: ProviderPayment,
): Promise<ProviderPayment> {
  if (p.status !== 'approved' || !(OPEN_STATUSES as readonly string[]).includes(payment.status)) return p;
  const provider = providerOf(ctx, payment);
  if (!provider?.capturePayment) return p;
  return provider.capturePayment({ providerRef: p.providerRef, idempotencyKey: `capture_${payment.id}` });
}

/** Our status for the provider's (a wallet payment approved but not captured is still open: no money moved). */
export function providerPaymentStatus(
  p: Pick<ProviderPayment, 'status' | 'amountCents' | 'refundedCents'>,
): PaymentRow['status'] | null {
  if (p.status === 'requires_confirmation' || p.status === 'approved') return null;
  // Refunded only when money went back, all of it: a $0 payment (0 >= 0) never reads as refunded.
  if (p.status === 'succeeded')
    return p.refundedCents > 0 && p.refundedCents >= p.amountCents ? 'refunded' : 'succeeded';
  // Only the app voids a payment at the provider, and only when its order is cancelled: to the buyer it expired.
  if (p.status === 'canceled') return 'expired';
  return p.status;
}

/**
 * Brings a payment row in line with the provider's payment, inside the caller's transaction (the order row locked
 * first). Money that arrived always wins: `succeeded` applies over any status but refunded; anything else applies
 * only to an open payment. Returns the row after the change and whether it changed.
 */
export async function applyProviderPayment(
  ctx: TxContext,
  payment: PaymentRow,
  p: ProviderPayment,
): Promise<{ row: PaymentRow; changed: boolean }> {
  const { db: tx } = ctx;
  const status = providerPaymentStatus(p);
  const open = (OPEN_STATUSES as readonly string[]).includes(payment.status);
  const applies =
    status !== null &&
    status !== payment.status &&
    (open || (status === 'succeeded' && payment.status !== 'refunded') || status === 'refunded');
  if (!applies) return { row: payment, changed: false };
  const [row] = await tx
    .update(payments)
    .set({
      status,
      providerRef: payment.providerRef ?? p.providerRef,
      cardBrand: p.cardBrand ?? payment.cardBrand,
      cardLast4: p.cardLast4 ?? payment.cardLast4,
      failureCode: status === 'failed' ? (p.failureCode ?? 'failed') : payment.failureCode,
      reference: p.reference ?? payment.reference,
      expiresAt: p.expiresAt ?? payment.expiresAt,
      action: p.challengeId ? { type: 'three_d_secure', challengeId: p.challengeId } : payment.action,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, payment.id), eq(payments.storeId, payment.storeId), eq(payments.status, payment.status)))
    .returning();
  if (!row) throw new AppError('CONFLICT');
  return { row, changed: true };
}

/** Marks an open payment expired or canceled (its order was cancelled, or settled by hand). */
export async function closePayment(ctx: TxContext, payment: PaymentRow, status: 'expired' | 'canceled'): Promise<void> {
  const { db: tx } = ctx;
  await tx
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(
      and(eq(payments.id, payment.id), eq(payments.storeId, payment.storeId), inArray(payments.status, OPEN_STATUSES)),
    );
}

/** Records a provider event; false when it was already recorded (a replayed webhook). */
export async function recordPaymentEvent(
  ctx: TxContext,
  e: { provider: string; eventId: string; type: string; storeId: string | null; paymentId: string | null },
): Promise<boolean> {
  const { db: tx } = ctx;
  const inserted = await tx
    .insert(paymentEvents)
    .values(e)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** The latest payment of an order, or null. */
export async function getOrderPayment(ctx: StoreDbContext, orderId: string): Promise<PaymentRow | null> {
  const { db, storeId } = ctx;
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.orderId, orderId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return p ?? null;
}

/** Every payment of an order, newest first. */
export async function listOrderPayments(ctx: StoreDbContext, orderId: string): Promise<PaymentRow[]> {
  const { db, storeId } = ctx;
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.orderId, orderId)))
    .orderBy(desc(payments.createdAt));
}

/** A payment of the store by id. Throws PAYMENT_NOT_FOUND. */
export async function getPayment(ctx: StoreDbContext, paymentId: string): Promise<PaymentRow> {
  const { db, storeId } = ctx;
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.id, paymentId)))
    .limit(1);
  if (!p) throw new AppError('PAYMENT_NOT_FOUND');
  return p;
}

/** The payment a provider event is about: by the provider's reference, else by the ids the app attached. */
export async function findPaymentForProvider(
  ctx: DbContext,
  provider: string,
  p: Pick<ProviderPayment, 'providerRef' | 'metadata'>,
): Promise<PaymentRow | null> {
  const { db } = ctx;
  const [byRef] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, p.providerRef)))
    .limit(1);
  if (byRef) return byRef;
  const { storeId, paymentId } = p.metadata;
  if (!storeId || !paymentId || !/^[0-9a-f-]{36}$/.test(storeId) || !/^[0-9a-f-]{36}$/.test(paymentId)) return null;
  const [byId] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.id, paymentId), eq(payments.provider, provider)))
    .limit(1);
  return byId ?? null;
}

/**
 * Succeeded card and wallet payments of cancelled orders: money to give back (the refund failed or never ran). A $0
 * payment (a zero total) has nothing to give back.
 */
export async function paymentsToRefund(ctx: DbContext, orderIds: string[]): Promise<PaymentRow[]> {
  const { db } = ctx;
  if (!orderIds.length) return [];
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.orderId, orderIds),
        inArray(payments.method, [...REFUNDABLE_METHODS]),
        eq(payments.status, 'succeeded'),
        gt(payments.amountCents, 0),
      ),
    );
}

/**
 * Refunds what is left of a succeeded card payment (`amountCents`, centavos: the whole payment unless refunds of it
 * were already asked for; 0 sends nothing) through the provider and marks it refunded. Returns the row, unchanged
 * when there is nothing to refund (not a provider card payment, not succeeded); the row as refunded when the provider's
 * webhook about this refund got there first. Throws PAYMENT_REFUND_FAILED when the provider refuses,
 * PAYMENT_ALREADY_PROCESSED when a concurrent change won.
 */
export async function refundCardPayment(
  ctx: Pick<BaseContext, 'db' | 'providers'>,
  payment: PaymentRow,
  amountCents = payment.amountCents,
): Promise<PaymentRow> {
  const { db } = ctx;
  const refundable = (REFUNDABLE_METHODS as readonly string[]).includes(payment.method);
  if (!refundable || payment.status !== 'succeeded' || !payment.providerRef) return payment;
  const provider = providerOf(ctx, payment);
  if (!provider) return payment;
  if (amountCents > 0) {
    const r = await provider.refundPayment({
      providerRef: payment.providerRef,
      amountCents,
      idempotencyKey: `refund_${payment.id}`,
    });
    if (r.status !== 'succeeded') throw new AppError('PAYMENT_REFUND_FAILED', { reason: r.failureCode });
  }
  const [row] = await db
    .update(payments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.storeId, payment.storeId), eq(payments.status, 'succeeded')))
    .returning();
  if (row) return row;
  // The provider's webhook about this very refund may have been applied first (Stripe sends charge.refunded).
  const [now] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, payment.id), eq(payments.storeId, payment.storeId)))
    .limit(1);
  if (now?.status === 'refunded') return now;
  throw new AppError('PAYMENT_ALREADY_PROCESSED');
}
