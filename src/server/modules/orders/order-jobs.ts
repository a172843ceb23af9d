/**
 * The orders module's background jobs (decision 034): the buyer's order emails and the
 * payment sweep. Each handler may run again after a crash or a failure (pg-boss retries it): what it changes is
 * conditional on state, and an email job re-reads the order.
 */
import { defineJob } from '../../jobs/index.js';
import { buildOrderView, loadOrder } from './orders.service.js';
import {
  sendOrderConfirmation,
  sendOxxoPaymentReceived,
  sendReservationExpired,
  sendStatusUpdate,
} from './order-emails.js';
import { runPaymentSweep } from './sweep.js';
import { lockOrder } from './transitions.js';
import { runTransaction } from '../../db/transaction.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderStatusHistory, orders } from '../../db/schema/orders.js';
import type { BaseContext, DbOrTx } from '../../lib/context.js';
import { ordersWithPendingMoney, postOrderReleased } from '../balances/index.js';

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

/**
 * BALANCE_RELEASE_DAYS after an order's delivery (enqueued with the delivered transition, one per order): its pending
 * money becomes available. The order row is locked and the ledger entry has a unique key per order, so a retry, a
 * duplicate job or a second instance releases it once; an order that is not delivered releases nothing.
 */
export const balanceReleaseJob = defineJob(
  'balance-release',
  async (p, ctx) => ({ released: await releaseOrder(ctx.db, p.storeId, p.orderId) }),
  { retryLimit: 5, retryDelay: 60, retryBackoff: true },
);

/** Releases a delivered order's pending money, once (order row locked; ledger key per order). Returns centavos. */
async function releaseOrder(db: DbOrTx, storeId: string, orderId: string): Promise<number> {
  return runTransaction(db, async (tx) => {
    const txCtx = { db: tx, storeId };
    const order = await lockOrder(txCtx, orderId).catch(() => null);
    if (!order || order.status !== 'delivered') return 0;
    return postOrderReleased(txCtx, orderId);
  });
}

/**
 * The release catch-up (decision 067): every delivered order whose release date (delivery + BALANCE_RELEASE_DAYS)
 * has passed and whose money is still pending is released, whether its own `balance-release` job never existed
 * (delivered before the job did), was lost or ran while the queue was down. Idempotent per order (releaseOrder).
 * Returns how many orders and centavos it released.
 */
export async function releaseOverdueBalances(
  ctx: Pick<BaseContext, 'db'> & { config: Pick<BaseContext['config'], 'BALANCE_RELEASE_DAYS'> },
  now = new Date(),
): Promise<{ orders: number; releasedCents: number }> {
  const cutoff = new Date(now.getTime() - ctx.config.BALANCE_RELEASE_DAYS * 86_400_000);
  const out = { orders: 0, releasedCents: 0 };
  const pending = await ordersWithPendingMoney(ctx, 5000);
  for (let i = 0; i < pending.length; i += 200) {
    const chunk = pending.slice(i, i + 200);
    const due = await ctx.db
      .select({ storeId: orders.storeId, orderId: orders.id })
      .from(orders)
      .where(
        and(
          inArray(
            orders.id,
            chunk.map((c) => c.orderId),
          ),
          eq(orders.status, 'delivered'),
          sql`(select max(${orderStatusHistory.createdAt}) from ${orderStatusHistory}
               where ${orderStatusHistory.orderId} = ${orders.id} and ${orderStatusHistory.storeId} = ${orders.storeId}
                 and ${orderStatusHistory.toStatus} = 'delivered') <= ${cutoff}`,
        ),
      );
    for (const d of due) {
      const cents = await releaseOrder(ctx.db, d.storeId, d.orderId);
      if (cents > 0) {
        out.orders++;
        out.releasedCents += cents;
      }
    }
  }
  return out;
}

/** Hourly: the release catch-up (releaseOverdueBalances). One run at a time across instances. */
export const balanceReleaseCatchUpJob = defineJob(
  'balance-release-catchup',
  async (_p, ctx) => {
    const r = await releaseOverdueBalances(ctx);
    if (r.orders > 0) ctx.log.info(r, 'overdue balances released');
    return r;
  },
  { cron: '41 * * * *', retryLimit: 0, expireInSeconds: 1800 },
);
