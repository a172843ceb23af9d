/**
 * The release of a delivered order's pending money to the store's available balance (decisions 046, 067): the job
 * enqueued with the delivered transition, and the hourly catch-up of releases that never ran. The ledger entry is the
 * balances module's (`postOrderReleased`, `ordersWithPendingMoney`); the jobs live here because each release locks the
 * order row and reads its status and delivery time, which are the orders module's, and balances sits before orders
 * (decision 129).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { defineJob } from '../../jobs/index.js';
import { runTransaction } from '../../db/transaction.js';
import { orderStatusHistory, orders } from '../../db/schema/orders.js';
import type { BaseContext, DbOrTx } from '../../lib/context.js';
import { ordersWithPendingMoney, postOrderReleased, postPackageReleased } from '../balances/index.js';
import { lockOrder } from './transitions.js';
import { loadPackages, suppliersOf } from './packages.js';

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

/**
 * Releases a delivered order's pending money, once (order row locked; ledger key per order, or per package of a
 * marketplace order: every delivered package's shares, each party's). Returns centavos.
 */
async function releaseOrder(db: DbOrTx, storeId: string, orderId: string): Promise<number> {
  return runTransaction(db, async (tx) => {
    const txCtx = { db: tx, storeId };
    const order = await lockOrder(txCtx, orderId).catch(() => null);
    if (!order || order.status !== 'delivered') return 0;
    const packages = await loadPackages(txCtx, orderId);
    if (!packages.length) return postOrderReleased(txCtx, orderId);
    let released = 0;
    for (const p of packages.filter((x) => x.status === 'delivered'))
      released += await postPackageReleased(txCtx, { orderId, fulfilmentId: p.id, parties: suppliersOf(packages) });
    return released;
  });
}

/**
 * BALANCE_RELEASE_DAYS after a package's delivery (enqueued when it is delivered, one per package): every party's
 * pending share of it becomes available (decision 136), once (order row locked; ledger key per package).
 */
export const packageReleaseJob = defineJob(
  'package-release',
  async (p, ctx) => ({
    released: await runTransaction(ctx.db, async (tx) => {
      const txCtx = { db: tx, storeId: p.storeId };
      const order = await lockOrder(txCtx, p.orderId).catch(() => null);
      if (!order) return 0;
      const packages = await loadPackages(txCtx, p.orderId);
      const pkg = packages.find((x) => x.id === p.fulfilmentId);
      if (pkg?.status !== 'delivered') return 0;
      return postPackageReleased(txCtx, {
        orderId: p.orderId,
        fulfilmentId: pkg.id,
        parties: suppliersOf(packages),
      });
    }),
  }),
  { retryLimit: 5, retryDelay: 60, retryBackoff: true },
);

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
