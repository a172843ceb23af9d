/**
 * The app's background jobs (issue 8 "Background jobs"; decision 034). Each handler may run again after a crash or a
 * failure (pg-boss retries it): what it changes is conditional on state, and an email job re-reads the order.
 */
import { sql } from 'drizzle-orm';
import {
  buildOrderView,
  loadOrder,
  runPaymentSweep,
  sendOrderConfirmation,
  sendOxxoPaymentReceived,
  sendReservationExpired,
  sendStatusUpdate,
} from '../modules/orders/index.js';
import { requestPasswordReset } from '../modules/accounts/index.js';
import { defineJob, type JobDefinition } from './queue.js';

/** An email to the buyer about an order, built from the order as it is when the job runs. */
export const orderEmailJob = defineJob('order-email', async (p, ctx) => {
  const mailCtx = { ...ctx, storeId: p.storeId };
  const order = await loadOrder(ctx.db, p.storeId, p.orderId);
  const view = await buildOrderView(ctx.db, order);
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
    case 'status':
      // The status the seller chose, even if the order has moved on since (each change has its own email).
      await sendStatusUpdate(mailCtx, { ...view, status: p.status ?? view.status });
      break;
  }
  return { sent: true };
});

/** The reset link of a recover request, mailed if the store has a customer with that email (else nothing). */
export const passwordResetEmailJob = defineJob('password-reset-email', async (p, ctx) => {
  await requestPasswordReset({ ...ctx, storeId: p.storeId, actor: null, locale: p.locale }, p.email, p.origin);
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

/** Hourly on PGlite: planner statistics refreshed (the embedded database has no autovacuum daemon). */
export const pgliteAnalyzeJob = defineJob(
  'pglite-analyze',
  async (_p, ctx) => {
    await ctx.db.execute(sql`analyze`);
  },
  { cron: '17 * * * *', retryLimit: 0, only: 'pglite' },
);

/** Every job the app runs. */
export const APP_JOBS: readonly JobDefinition<never>[] = [
  orderEmailJob,
  passwordResetEmailJob,
  paymentSweepJob,
  pgliteAnalyzeJob,
] as unknown as JobDefinition<never>[];
