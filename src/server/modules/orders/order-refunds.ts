/**
 * The seller's refunds of part or all of an order (POST /api/admin/orders/:id/refunds): only for a card
 * payment through the provider, of an order on its way or delivered (before that the seller cancels the order, which
 * refunds it all). The refund is recorded with the order row locked, then sent to the provider after commit; a refused
 * refund stays owed and can be retried.
 */
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { withTx, type StoreContext } from '../../lib/context.js';
import type { RefundList, RefundRequest, RefundView } from '../../../shared/contracts/balances.js';
import { getOrderPayment, providerOf, REFUNDABLE_METHODS, type PaymentRow } from '../payments/index.js';
import { getRefund, listRefunds, refundable, requestRefund, sendRefund } from '../balances/index.js';
import { loadOrder } from './orders.service.js';
import { lockOrder } from './transitions.js';

function refundablePayment(ctx: StoreContext, payment: PaymentRow | null): PaymentRow & { providerRef: string } {
  if (!isRefundable(ctx, payment)) throw new AppError('REFUND_NOT_ALLOWED');
  return payment as PaymentRow & { providerRef: string };
}

/** Whether a refund can go back through the provider: a succeeded card or wallet payment of a configured provider. */
function isRefundable(ctx: StoreContext, payment: PaymentRow | null): boolean {
  return !(
    !payment ||
    !(REFUNDABLE_METHODS as readonly string[]).includes(payment.method) ||
    payment.status !== 'succeeded' ||
    !payment.providerRef ||
    !providerOf(ctx, payment)
  );
}

/**
 * Refunds `amountCents` of order `orderId` to the buyer's card. Returns the refund as it ended (succeeded, or failed
 * and retryable). Throws ORDER_NOT_FOUND, REFUND_NOT_ALLOWED (409), REFUND_EXCEEDS_REFUNDABLE (422, max).
 */
export async function refundOrder(ctx: StoreContext, orderId: string, input: RefundRequest): Promise<RefundView> {
  const { refund, providerRef } = await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    const order = await lockOrder(txCtx, orderId);
    if (order.status !== 'on_the_way' && order.status !== 'delivered') throw new AppError('REFUND_NOT_ALLOWED');
    const payment = refundablePayment(ctx, await getOrderPayment(txCtx, orderId));
    const refund = await requestRefund(txCtx, {
      orderId,
      paymentId: payment.id,
      paymentAmountCents: payment.amountCents,
      amountCents: input.amountCents,
      reason: input.reason,
    });
    return { refund, providerRef: payment.providerRef };
  });
  return sendRefund(ctx, refund.id, providerRef);
}

/** Tries a failed refund again. Throws REFUND_NOT_FOUND, REFUND_IN_PROGRESS (409). */
export async function retryRefund(ctx: StoreContext, orderId: string, refundId: string): Promise<RefundView> {
  await loadOrder(ctx, orderId);
  const refund = await getRefund(ctx, refundId);
  if (refund.orderId !== orderId) throw new AppError('REFUND_NOT_FOUND');
  const payment = await getOrderPayment(ctx, orderId);
  if (!payment?.providerRef) throw new AppError('REFUND_NOT_ALLOWED');
  return sendRefund(ctx, refundId, payment.providerRef);
}

/**
 * The refunds of an order of the store, newest first, and what can be refunded now (centavos; 0 when the order is
 * not on its way or delivered, or was not paid by card through the provider). Throws ORDER_NOT_FOUND.
 */
export async function orderRefunds(ctx: StoreContext, orderId: string): Promise<RefundList> {
  const order = await loadOrder(ctx, orderId);
  const refunds = await listRefunds(ctx, orderId);
  const payment = await getOrderPayment(ctx, orderId);
  const open = order.status === 'on_the_way' || order.status === 'delivered';
  const refundableCents =
    open && payment && isRefundable(ctx, payment)
      ? (
          await refundable(ctx, {
            orderId,
            paymentId: payment.id,
            paymentAmountCents: payment.amountCents,
          })
        ).maxCents
      : 0;
  return { refunds, refundableCents };
}
