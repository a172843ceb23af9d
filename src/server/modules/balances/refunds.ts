/**
 * Refunds as records with amounts (issue 8; decision 046): part or all of an order's card payment back to the buyer,
 * through the payment provider. Requesting one (inside the caller's transaction, the order row locked) records it as
 * `pending` and moves the amount from the store's balance of the order (pending first, then available) to `refunds`
 * (owed to the buyer). Sending it asks the provider (no transaction held open); a refusal leaves it `failed` and still
 * owed, and the seller may retry: each attempt has its own idempotency key. Only one attempt runs at a time (the row
 * moves to `processing` by a conditional update), so two retries never refund twice. The platform keeps its fee.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { refunds } from '../../db/schema/balances.js';
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { BaseContext, StoreDbContext, StoreTxContext } from '../../lib/context.js';
import type { RefundView } from '../../../shared/contracts/balances.js';
import { accountSums, postEntry, postRefundPaid } from './ledger.js';

type RefundRow = typeof refunds.$inferSelect;

function toView(r: RefundRow): RefundView {
  return {
    id: r.id,
    orderId: r.orderId,
    amountCents: r.amountCents,
    status: r.status as RefundView['status'],
    failureCode: r.failureCode,
    attempts: r.attempts,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Records a refund of `amountCents` of payment `paymentId` (of `paymentAmountCents`) of order `orderId`, inside the
 * caller's transaction with the order row locked. At most what the payment has left to refund and what the store
 * still holds of the order (its pending share, then available money). Throws REFUND_EXCEEDS_REFUNDABLE (422, max).
 */
export async function requestRefund(
  ctx: StoreTxContext,
  input: { orderId: string; paymentId: string; paymentAmountCents: number; amountCents: number; reason?: string },
): Promise<RefundView> {
  const { db: tx, storeId } = ctx;
  const [{ done }] = await tx
    .select({ done: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.storeId, storeId), eq(refunds.paymentId, input.paymentId)));
  const order = await accountSums(ctx, input.orderId);
  const store = await accountSums(ctx);
  const fromPending = -order.store_pending;
  const fromAvailable = Math.max(0, Math.min(-order.store_available, -store.store_available));
  const max = Math.max(0, Math.min(input.paymentAmountCents - Number(done), fromPending + fromAvailable));
  if (input.amountCents > max) throw new AppError('REFUND_EXCEEDS_REFUNDABLE', { max });
  const [row] = await tx
    .insert(refunds)
    .values({
      storeId,
      orderId: input.orderId,
      paymentId: input.paymentId,
      amountCents: input.amountCents,
      status: 'pending',
      reason: input.reason ?? null,
    })
    .returning();
  const pendingPart = Math.min(fromPending, input.amountCents);
  await postEntry(ctx, {
    key: `refund-request:${row!.id}`,
    kind: 'refund',
    orderId: input.orderId,
    memo: 'requested',
    lines: [
      { account: 'store_pending', amountCents: pendingPart },
      { account: 'store_available', amountCents: input.amountCents - pendingPart },
      { account: 'refunds', amountCents: -input.amountCents },
    ],
  });
  return toView(row!);
}

/**
 * Asks the provider to refund a pending or failed refund (its payment's provider reference `providerRef`). Returns the
 * refund as it ends: `succeeded` (the ledger records the money leaving the platform) or `failed` (still owed; retry).
 * Throws REFUND_NOT_FOUND, REFUND_IN_PROGRESS (409: another attempt is running, or it already succeeded).
 */
export async function sendRefund(
  ctx: Pick<BaseContext, 'db' | 'providers'> & { storeId: string },
  refundId: string,
  providerRef: string,
): Promise<RefundView> {
  const { db, storeId } = ctx;
  const [claimed] = await db
    .update(refunds)
    .set({ status: 'processing', attempts: sql`${refunds.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId), inArray(refunds.status, ['pending', 'failed'])))
    .returning();
  if (!claimed) {
    await getRefund(ctx, refundId);
    throw new AppError('REFUND_IN_PROGRESS');
  }
  let outcome: { status: 'succeeded' | 'failed'; failureCode?: string };
  try {
    outcome = await ctx.providers.payments.refundPayment({
      providerRef,
      amountCents: claimed.amountCents,
      idempotencyKey: `refund_${claimed.id}_${claimed.attempts}`,
    });
  } catch {
    outcome = { status: 'failed', failureCode: 'provider_unreachable' };
  }
  return runTransaction(db, async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set({
        status: outcome.status,
        failureCode: outcome.status === 'failed' ? (outcome.failureCode ?? 'failed') : null,
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId), eq(refunds.status, 'processing')))
      .returning();
    if (outcome.status === 'succeeded')
      await postRefundPaid(
        { db: tx, storeId },
        { orderId: claimed.orderId, refundKey: claimed.id, amountCents: claimed.amountCents },
      );
    return toView(row!);
  });
}

/** A refund of the store. Throws REFUND_NOT_FOUND. */
export async function getRefund(ctx: StoreDbContext, refundId: string): Promise<RefundView> {
  const { db, storeId } = ctx;
  const [r] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId)));
  if (!r) throw new AppError('REFUND_NOT_FOUND');
  return toView(r);
}

/** The refunds of an order of the store, newest first. */
export async function listRefunds(ctx: StoreDbContext, orderId: string): Promise<RefundView[]> {
  const { db, storeId } = ctx;
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.storeId, storeId), eq(refunds.orderId, orderId)))
    .orderBy(desc(refunds.createdAt));
  return rows.map(toView);
}
