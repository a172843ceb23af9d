/**
 * The seller's status change of an order (POST /api/admin/orders/:id/status): settles the open payment with the
 * provider first (settlement.ts), then applies the transition (transitions.ts). Apart from transitions.ts so that
 * settlement and transitions do not import each other.
 */
import { withTx, type StoreContext } from '../../lib/context.js';
import { runTransaction } from '../../db/transaction.js';
import type { OrderStatus, SellerOrderView } from '../../../shared/contracts/checkout.js';
import { closePayment, getOrderPayment, insertManualPayment, OPEN_STATUSES } from '../payments/index.js';
import { NOTIFIED_STATUSES } from './order-emails.js';
import { enqueue } from '../../jobs/queue.js';
import { getSellerOrderView, loadOrder } from './orders.service.js';
import { reconcileOpenPayment } from './settlement.js';
import { applyTransition, lockOrder, refundAfterCancel } from './transitions.js';
import { markOrderPaid } from './mark-paid.js';

/**
 * Seller changes an order's status (POST /api/admin/orders/:id/status). Returns the new view. For an unpaid order,
 * paid or cancelled first voids its payment at the provider: if the provider says the money arrived meanwhile, that
 * payment is applied first (the order is then paid, and a cancellation refunds it). Marking paid by hand records the
 * cash as a manual payment, the voided voucher as canceled, and posts the order's paid entry like any other payment
 * (markOrderPaid: the cash is the store's, Vitrina's fee comes off its balance). Cancelling releases the stock, takes
 * the units off the best-seller counts if it was paid, refunds a card payment and tells the buyer.
 */
export async function changeOrderStatus(
  ctx: StoreContext,
  orderId: string,
  to: OrderStatus,
  trackingNumber?: string,
): Promise<SellerOrderView> {
  const before = await loadOrder(ctx, orderId);
  if (before.status === 'pending' && (to === 'paid' || to === 'cancelled')) {
    // The seller's decision stands even if the provider cannot be reached now: money that still arrives later is
    // refunded (card) or shown as owed (cash) when its webhook comes.
    const outcome = await reconcileOpenPayment(ctx, before, 'seller').catch((err: unknown) => {
      ctx.log.warn({ err, orderId }, 'could not void the payment at the provider');
      return 'none' as const;
    });
    if (outcome === 'succeeded' && to === 'paid') return getSellerOrderView(ctx, orderId);
  }
  await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    const order = await lockOrder(txCtx, orderId);
    if (to === 'paid' && order.status === 'pending') {
      const open = await getOrderPayment(txCtx, orderId);
      if (open && (OPEN_STATUSES as readonly string[]).includes(open.status))
        await closePayment(txCtx, open, 'canceled');
      const cash = await insertManualPayment(txCtx, {
        orderId,
        method: order.paymentMethod as 'card' | 'oxxo' | 'paypal',
        amountCents: order.totalCents,
      });
      await markOrderPaid(txCtx, order, cash, { note: 'paid_by_seller', actorId: ctx.actor?.userId });
    } else
      await applyTransition(txCtx, orderId, to, {
        actorId: ctx.actor?.userId,
        trackingNumber,
        releaseAfterSeconds: ctx.config.BALANCE_RELEASE_DAYS * 86_400,
      });
    // The buyer's email is a job committed with the change. A cancellation's waits for the refund below (its text
    // says whether the money went back), so it is enqueued after it.
    if (to !== 'cancelled' && NOTIFIED_STATUSES.includes(to))
      await enqueue(tx, 'order-email', { storeId: ctx.storeId, orderId, kind: 'status', status: to });
  });
  if (to === 'cancelled') {
    await refundAfterCancel(ctx, orderId);
    await enqueue(ctx, 'order-email', { storeId: ctx.storeId, orderId, kind: 'status', status: to });
  }
  return getSellerOrderView(ctx, orderId);
}
