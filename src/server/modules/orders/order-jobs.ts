/**
 * The orders module's background jobs (decision 034): the buyer's order emails (a line refund's among them) and the
 * payment sweep. Each handler may run again after a crash or a failure (pg-boss retries it): what it changes is
 * conditional on state, and an email job re-reads the order.
 */
import { and, eq } from 'drizzle-orm';
import { findRefund } from '../balances/index.js';
import { orderItems } from '../../db/schema/orders.js';
import { defineJob } from '../../jobs/index.js';
import { buildOrderView, loadOrder } from './orders.service.js';
import {
  sendLineRefund,
  sendOrderConfirmation,
  sendOxxoPaymentReceived,
  sendReservationExpired,
  sendStatusUpdate,
} from './order-emails.js';
import { runPaymentSweep } from './sweep.js';

/** An email to the buyer about an order, built from the order as it is when the job runs. */
export const orderEmailJob = defineJob('order-email', async (p, ctx) => {
  const mailCtx = { ...ctx, storeId: p.storeId };
  const order = await loadOrder({ db: ctx.db, storeId: p.storeId }, p.orderId);
  const view = await buildOrderView({ db: ctx.db }, order);
  switch (p.kind) {
    case 'confirmation':
    case 'voucher': {
      if (!order.storefrontOrigin) return { sent: false };
      const q = new URLSearchParams({ id: order.id });
      if (order.viewToken) q.set('t', order.viewToken);
      // The voucher email shows the voucher as issued, even if the cash came in before this job ran (its own
      // "payment received" email follows).
      const asSent =
        p.kind === 'voucher' && view.payment
          ? { ...view, payment: { ...view.payment, status: 'pending' as const } }
          : view;
      await sendOrderConfirmation(mailCtx, asSent, `${order.storefrontOrigin}/pedidos/pedido?${q}`);
      break;
    }
    case 'oxxo_paid':
      await sendOxxoPaymentReceived(mailCtx, view);
      break;
    case 'expired':
      await sendReservationExpired(mailCtx, view);
      break;
    case 'line_refund': {
      // The refund and its line as recorded (the job may run after later refunds: each email names only its own).
      const refund = p.refundId ? await findRefund({ db: ctx.db, storeId: p.storeId }, p.refundId) : null;
      const row = refund && { amountCents: refund.amountCents, quantity: refund.quantity, itemId: refund.orderItemId };
      if (!row?.itemId || !row.quantity) return { sent: false };
      const [line] = await ctx.db
        .select({ name: orderItems.name, options: orderItems.options })
        .from(orderItems)
        .where(and(eq(orderItems.storeId, p.storeId), eq(orderItems.id, row.itemId)))
        .limit(1);
      if (!line) return { sent: false };
      await sendLineRefund(
        mailCtx,
        view,
        { amountCents: row.amountCents, quantity: row.quantity, withShipping: Boolean(p.withShipping) },
        line,
      );
      break;
    }
    case 'status':
      // The status the seller chose, even if the order has moved on since (each change has its own email).
      await sendStatusUpdate(mailCtx, { ...view, status: p.status ?? view.status });
      break;
  }
  return { sent: true };
});

/**
 * Every minute: overdue reservations settled with the provider or cancelled (the OXXO voucher expiry), failed
 * refunds retried, unacknowledged webhooks resent. One run at a time across instances (one job per minute slot).
 */
export const paymentSweepJob = defineJob(
  'payment-sweep',
  async (_p, ctx) => {
    const r = await runPaymentSweep(ctx);
    if (r.cancelled + r.refunded + r.redelivered > 0) ctx.log.info(r, 'payment sweep');
    return r;
  },
  { cron: '* * * * *', retryLimit: 0, expireInSeconds: 600 },
);
