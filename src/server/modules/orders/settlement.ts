/**
 * Where a payment reaches its order (decision 027). Every path that learns how a payment stands — the checkout's own
 * provider call, a retried submit, a verified webhook, the 3-D Secure return, the reservation sweep, a seller's change
 * — ends in `settlePayment`, which applies the provider's view of the payment in one transaction (order row locked
 * first); the buyer's emails are enqueued as jobs in that transaction (they exist exactly when the change does) and
 * refunds run after commit. The result depends on states, not on who calls or how
 * often: a replayed webhook, a duplicate submit and the sweep racing a payment change the order once.
 */
import { withTx, type BaseContext } from '../../lib/context.js';
import { runTransaction } from '../../db/transaction.js';
import type { ProviderPayment } from '../../providers/payments/index.js';
import { OXXO_VOUCHER_VALID_DAYS } from '../../../shared/limits.js';
import { providerFeeCents } from '../../../shared/money.js';
import {
  applyProviderPayment,
  cancelAtProvider,
  captureApproved,
  providerOf,
  ensureProviderPayment,
  getOrderPayment,
  getPayment,
  OPEN_STATUSES,
  recordPaymentEvent,
} from '../payments/index.js';
import { postPaymentOwedBack } from '../balances/index.js';
import type { OrderRow } from './orders.service.js';
import { applyTransition, lockOrder, refundAndRecord, setReservation } from './transitions.js';
import { markOrderPaid } from './mark-paid.js';
import { cardHoldMs } from './order-limits.js';
import { enqueue } from '../../jobs/queue.js';

export type SettleContext = Pick<BaseContext, 'db' | 'providers' | 'log'> & { storeId: string };
type Effect = 'confirmation' | 'voucher' | 'oxxo_paid' | 'expired' | 'refund';

export interface SettleOptions {
  /** The webhook this comes from: recorded once per (provider, event id); a replay changes nothing. */
  event?: { provider: string; id: string; type: string };
  /** History note when the payment ended unpaid and the order is cancelled (default: the failure code). */
  note?: string;
}

/**
 * Applies the provider's payment `p` to our payment `paymentId` and its order:
 *   succeeded        pending order paid (confirmation or "OXXO payment received" email); a cancelled order's card
 *                    payment refunded; cash on a cancelled or already hand-paid order shows as owed (refundDueCents)
 *   requires_action  stock held the store's card hold (minutes; decision 097) more while the shopper answers 3-D Secure
 *   pending          OXXO voucher issued: stock held until the voucher expires; confirmation email with the voucher
 *   failed           pending order cancelled (stock released), no email
 *   canceled/expired pending order cancelled; with note 'reservation_expired' the buyer is told the time ran out
 * Returns `duplicate: true` when the webhook event was already applied.
 */
export async function settlePayment(
  ctx: SettleContext,
  paymentId: string,
  p: ProviderPayment,
  opts: SettleOptions = {},
): Promise<{ duplicate: boolean }> {
  const { orderId } = await getPayment(ctx, paymentId);
  const effects = await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    if (
      opts.event &&
      !(await recordPaymentEvent(txCtx, {
        provider: opts.event.provider,
        eventId: opts.event.id,
        type: opts.event.type,
        storeId: ctx.storeId,
        paymentId,
      }))
    )
      return null;
    const order = await lockOrder(txCtx, orderId);
    const { row, changed } = await applyProviderPayment(txCtx, await getPayment(txCtx, paymentId), p);
    const fx: Effect[] = [];
    if (!changed) return fx;
    const pending = order.status === 'pending';
    switch (row.status) {
      case 'succeeded':
        // The ledger records the money in the same transaction (decision 046), once per order or payment.
        if (pending) {
          await markOrderPaid(txCtx, order, row, { note: `${row.method}_paid` });
          fx.push(row.method === 'oxxo' ? 'oxxo_paid' : 'confirmation');
        } else {
          await postPaymentOwedBack(txCtx, {
            orderId,
            paymentId: row.id,
            amountCents: row.amountCents,
            providerFeeCents: providerFeeCents(row),
          });
          if (order.status === 'cancelled') fx.push('refund');
        }
        break;
      case 'requires_action':
        if (pending) await setReservation(txCtx, orderId, new Date(Date.now() + (await cardHoldMs(txCtx))));
        break;
      case 'pending':
        if (pending && row.expiresAt) {
          await setReservation(txCtx, orderId, row.expiresAt);
          fx.push('voucher');
        }
        break;
      case 'failed':
      case 'expired':
        if (pending) {
          await applyTransition(txCtx, orderId, 'cancelled', {
            note: opts.note ?? row.failureCode ?? 'payment_expired',
          });
          if (opts.note === 'reservation_expired') fx.push('expired');
        }
        break;
    }
    // The buyer's emails are jobs committed with the change: a crash after the commit cannot lose them.
    for (const e of fx)
      if (e !== 'refund') await enqueue(tx, 'order-email', { storeId: ctx.storeId, orderId, kind: e });
    return fx;
  });
  if (effects === null) return { duplicate: true };
  await runEffects(ctx, orderId, paymentId, effects);
  return { duplicate: false };
}

/** Refunds after the settlement committed (emails went to the job queue with it); a failure is logged, never undoes
 * the payment, and the sweep retries the refund. */
async function runEffects(ctx: SettleContext, orderId: string, paymentId: string, effects: Effect[]): Promise<void> {
  if (!effects.includes('refund')) return;
  try {
    await refundAndRecord(ctx, await getPayment(ctx, paymentId));
  } catch (err) {
    ctx.log.error({ err, orderId, effect: 'refund' }, 'after-payment step failed');
  }
}

/**
 * Asks the provider how the open payment of a pending order stands, and:
 *   refresh  settles whatever the provider says (the 3-D Secure return, the wallet's return)
 *   sweep    voids it first if still unpaid, then settles: the order is paid if money arrived, else cancelled with
 *            note 'reservation_expired' (the buyer is told)
 *   seller   voids it first if still unpaid; settles only money that arrived (the seller's own change follows)
 * A wallet payment its buyer approved is captured first (refresh and sweep: the buyer said yes and the stock is still
 * held; the capture is idempotent), never for the seller's change, which voids it.
 * Returns 'succeeded' (money arrived: the order is now paid), 'closed' (ended unpaid), 'open' (still under way) or
 * 'none' (no provider payment to ask about). The provider's idempotency key finds the payment even when a crash lost
 * its reference.
 */
export async function reconcileOpenPayment(
  ctx: SettleContext,
  order: OrderRow,
  mode: 'refresh' | 'sweep' | 'seller',
): Promise<'succeeded' | 'closed' | 'open' | 'none'> {
  const payment = await getOrderPayment(ctx, order.id);
  if (!payment || !(OPEN_STATUSES as readonly string[]).includes(payment.status)) return 'none';
  if (!providerOf(ctx, payment)) return 'none';
  let p = await ensureProviderPayment(ctx, payment, {
    description: `Pedido ${order.folio}`,
    expiresAt: new Date(order.createdAt.getTime() + OXXO_VOUCHER_VALID_DAYS * 86_400_000),
  });
  if (mode !== 'seller') p = await captureApproved(ctx, payment, p);
  if (mode !== 'refresh' && UNPAID.includes(p.status)) p = await cancelAtProvider(ctx, p.providerRef, payment);
  if (p.status === 'succeeded' || mode !== 'seller')
    await settlePayment(ctx, payment.id, p, { note: mode === 'sweep' ? 'reservation_expired' : undefined });
  if (p.status === 'succeeded') return 'succeeded';
  return UNPAID.includes(p.status) ? 'open' : 'closed';
}

const UNPAID: string[] = ['requires_confirmation', 'requires_action', 'approved', 'pending'];
