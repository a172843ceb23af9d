/**
 * The reservation sweep (a job scheduled every minute, src/server/jobs: one run per minute across instances, and
 * safe even if two overlapped: every change is conditional on the order's state under its row lock). For each pending order whose stock hold ran out it first
 * asks the provider (decision 027): money that arrived marks the order paid; otherwise the payment is voided at the
 * provider and the order cancelled, its stock released and the buyer told. Then it retries refunds of card payments
 * on cancelled orders, and lets the provider resend webhooks the app did not acknowledge.
 */
import type { BaseContext } from '../../lib/context.js';
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { paymentsToRefund } from '../payments/index.js';
import { loadOrder } from './orders.service.js';
import { findOverdueOrders, recentlyCancelledOrderIds } from './holds.js';
import { applyTransition, refundAndRecord } from './transitions.js';
import { reconcileOpenPayment } from './settlement.js';
import { enqueue } from '../../jobs/queue.js';

type SweepContext = Pick<BaseContext, 'db' | 'providers' | 'log'>;

/** How far back the sweep retries refunds of cancelled orders' card payments. */
const REFUND_RETRY_DAYS = 30;

/**
 * Settles or cancels pending orders whose stock reservation expired (an unpaid OXXO voucher after 3 days, a card
 * payment or 3-D Secure left unfinished for 15 minutes). Returns how many were cancelled.
 */
export async function expireOverdueReservations(ctx: SweepContext, now = new Date()): Promise<number> {
  let n = 0;
  for (const o of await findOverdueOrders(ctx, now)) {
    const storeCtx = { ...ctx, storeId: o.storeId };
    try {
      const order = await loadOrder({ db: ctx.db, storeId: o.storeId }, o.id);
      if (order.status !== 'pending') continue;
      const outcome = await reconcileOpenPayment(storeCtx, order, 'sweep');
      if (outcome === 'closed') n++;
      if (outcome !== 'none') continue;
      // No provider payment to ask about (none was ever started): nothing can arrive, cancel.
      // The buyer's "time ran out" email is a job committed with the cancellation.
      await runTransaction(ctx.db, async (tx) => {
        await applyTransition({ db: tx, storeId: o.storeId }, o.id, 'cancelled', { note: 'reservation_expired' });
        await enqueue(tx, 'order-email', { storeId: o.storeId, orderId: o.id, kind: 'expired' });
      });
      n++;
    } catch (e) {
      // Another instance or a payment moved it first, or the provider is unreachable: the next run tries again.
      if (e instanceof AppError && e.code === 'INVALID_TRANSITION') continue;
      ctx.log.error({ err: e, orderId: o.id }, 'reservation sweep: order skipped');
    }
  }
  return n;
}

/** Refunds succeeded card payments of recently cancelled orders (a refund that failed, or a crash before it ran). */
export async function retryRefunds(ctx: SweepContext, now = new Date()): Promise<number> {
  const ids = await recentlyCancelledOrderIds(ctx, new Date(now.getTime() - REFUND_RETRY_DAYS * 86_400_000));
  let n = 0;
  for (const p of await paymentsToRefund(ctx, ids)) {
    try {
      await refundAndRecord({ ...ctx, storeId: p.storeId }, p);
      n++;
    } catch (err) {
      ctx.log.warn({ err, paymentId: p.id }, 'refund retry failed');
    }
  }
  return n;
}

/** One run of the sweep: provider webhooks resent, overdue reservations settled or cancelled, refunds retried. */
export async function runPaymentSweep(
  ctx: SweepContext,
  now = new Date(),
): Promise<{ redelivered: number; cancelled: number; refunded: number }> {
  let redelivered = (await ctx.providers.payments.redeliverWebhooks?.()) ?? 0;
  const wallet = ctx.providers.wallet;
  if (wallet && wallet !== ctx.providers.payments) redelivered += (await wallet.redeliverWebhooks?.()) ?? 0;
  const cancelled = await expireOverdueReservations(ctx, now);
  const refunded = await retryRefunds(ctx, now);
  return { redelivered, cancelled, refunded };
}
