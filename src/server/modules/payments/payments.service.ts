/**
 * Payment records of orders (SPEC §9 payment methods; DESIGN.md "Payments"). Calls the configured PaymentProvider
 * and keeps the `payments` rows: card charges (approved, declined, 3-D Secure) and OXXO cash vouchers valid 3 days.
 * Order state changes are the caller's (the checkout module). Amounts are integer centavos. No card data is stored.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import type { Providers } from '../../providers/index.js';
import type { CardInput } from '../../providers/payments/index.js';
import { AppError } from '../../lib/app-error.js';
import { OXXO_VOUCHER_VALID_DAYS } from '../../../shared/limits.js';
import type { Payment } from '../../../shared/contracts/checkout.js';

type PaymentRow = typeof payments.$inferSelect;

export function toPayment(p: PaymentRow): Payment {
  return {
    id: p.id,
    method: p.method as Payment['method'],
    status: p.status as Payment['status'],
    amountCents: p.amountCents,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    reference: p.reference,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    challengeId: p.status === 'requires_action' ? (p.action?.challengeId ?? null) : null,
    failureCode: p.failureCode,
  };
}

/** Charges a card for an order and records the result. Returns the payment row. */
export async function chargeCardForOrder(
  db: Db,
  providers: Providers,
  input: {
    storeId: string;
    orderId: string;
    amountCents: number;
    card: CardInput;
    idempotencyKey: string;
    description: string;
  },
): Promise<PaymentRow> {
  const r = await providers.payments.chargeCard({
    amountCents: input.amountCents,
    card: input.card,
    idempotencyKey: input.idempotencyKey,
    description: input.description,
  });
  const [row] = await db
    .insert(payments)
    .values({
      storeId: input.storeId,
      orderId: input.orderId,
      provider: providers.payments.name,
      method: 'card',
      amountCents: input.amountCents,
      providerRef: r.providerRef,
      cardBrand: r.cardBrand,
      cardLast4: r.cardLast4,
      status: r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' ? 'failed' : 'requires_action',
      failureCode: r.status === 'failed' ? r.failureCode : null,
      action: r.status === 'requires_action' ? { type: 'three_d_secure', challengeId: r.challengeId } : null,
    })
    .onConflictDoUpdate({ target: [payments.provider, payments.providerRef], set: { updatedAt: new Date() } })
    .returning();
  return row;
}

/** Creates an OXXO voucher valid OXXO_VOUCHER_VALID_DAYS days for an order and records it (status pending). */
export async function createOxxoForOrder(
  db: Db,
  providers: Providers,
  input: { storeId: string; orderId: string; amountCents: number; idempotencyKey: string; now?: Date },
): Promise<PaymentRow> {
  const expiresAt = new Date((input.now ?? new Date()).getTime() + OXXO_VOUCHER_VALID_DAYS * 86_400_000);
  const v = await providers.payments.createOxxoVoucher({
    amountCents: input.amountCents,
    expiresAt,
    idempotencyKey: input.idempotencyKey,
  });
  const [row] = await db
    .insert(payments)
    .values({
      storeId: input.storeId,
      orderId: input.orderId,
      provider: providers.payments.name,
      method: 'oxxo',
      status: 'pending',
      amountCents: input.amountCents,
      providerRef: v.providerRef,
      reference: v.reference,
      expiresAt: v.expiresAt,
    })
    .returning();
  return row;
}

/** The latest payment of an order, or null. */
export async function getOrderPayment(db: Db | Tx, storeId: string, orderId: string): Promise<PaymentRow | null> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.orderId, orderId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return p ?? null;
}

/** Latest payments of several orders, by order id. */
export async function getPaymentsOfOrders(
  db: Db,
  storeId: string,
  orderIds: string[],
): Promise<Map<string, PaymentRow>> {
  const out = new Map<string, PaymentRow>();
  for (const id of orderIds) {
    const p = await getOrderPayment(db, storeId, id);
    if (p) out.set(id, p);
  }
  return out;
}

/** A payment of the store by id. Throws PAYMENT_NOT_FOUND. */
export async function getPayment(db: Db | Tx, storeId: string, paymentId: string): Promise<PaymentRow> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.id, paymentId)))
    .limit(1);
  if (!p) throw new AppError('PAYMENT_NOT_FOUND');
  return p;
}

/** An OXXO payment of the store by voucher reference. Throws PAYMENT_NOT_FOUND. */
export async function getOxxoPaymentByReference(
  db: Db,
  storeId: string | null,
  reference: string,
): Promise<PaymentRow> {
  const [p] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.method, 'oxxo'),
        eq(payments.reference, reference),
        storeId ? eq(payments.storeId, storeId) : undefined,
      ),
    )
    .limit(1);
  if (!p) throw new AppError('PAYMENT_NOT_FOUND');
  return p;
}

/** Completes a 3-D Secure challenge with the provider. Throws PAYMENT_ALREADY_PROCESSED or BAD_REQUEST (wrong challenge). */
export async function completeThreeDSecure(
  db: Db,
  providers: Providers,
  payment: PaymentRow,
  input: { challengeId: string; approved: boolean },
): Promise<PaymentRow> {
  if (payment.status !== 'requires_action') throw new AppError('PAYMENT_ALREADY_PROCESSED');
  if (payment.action?.challengeId !== input.challengeId) throw new AppError('BAD_REQUEST');
  const r = await providers.payments.completeThreeDSecure({
    providerRef: payment.providerRef,
    challengeId: input.challengeId,
    approved: input.approved,
  });
  return setPaymentStatus(db, payment, r.status, r.failureCode ?? null);
}

/**
 * Refunds a succeeded card payment in full through the provider and marks it refunded. Returns the row, unchanged
 * when there is nothing to refund (not a card, not succeeded). Throws PAYMENT_REFUND_FAILED when the provider refuses,
 * PAYMENT_ALREADY_PROCESSED when a concurrent refund won.
 */
export async function refundCardPayment(db: Db, providers: Providers, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.method !== 'card' || payment.status !== 'succeeded') return payment;
  const r = await providers.payments.refundCard({
    providerRef: payment.providerRef,
    amountCents: payment.amountCents,
    idempotencyKey: `refund_${payment.id}`,
  });
  if (r.status !== 'succeeded') throw new AppError('PAYMENT_REFUND_FAILED', { reason: r.failureCode });
  return setPaymentStatus(db, payment, 'refunded');
}

/**
 * Moves a payment on: pending or requires_action to a final status, succeeded to refunded (conditional: of two
 * concurrent changes one wins, the other gets PAYMENT_ALREADY_PROCESSED).
 */
export async function setPaymentStatus(
  db: Db | Tx,
  payment: PaymentRow,
  status: 'succeeded' | 'failed' | 'expired' | 'refunded',
  failureCode: string | null = null,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ status, failureCode, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.storeId, payment.storeId), eq(payments.status, payment.status)))
    .returning();
  if (!row) throw new AppError('PAYMENT_ALREADY_PROCESSED');
  return row;
}
