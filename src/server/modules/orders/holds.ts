/**
 * What unpaid orders hold (decision 028): counts of one buyer's unpaid orders for the checkout limits, and the queries
 * the reservation sweep runs over all stores.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.js';
import type { DbContext, StoreTxContext } from '../../lib/context.js';

/**
 * Unpaid (pending) orders of the store placed with this email or from this client-IP hash (decision 028), counted
 * separately. Call inside the checkout transaction after taking lockUnpaidCounters, so parallel submits count in turn.
 */
export async function countUnpaidOrders(
  ctx: StoreTxContext,
  who: { email: string; clientIpHash: string | null },
): Promise<{ byEmail: number; byIp: number }> {
  const { db: tx, storeId } = ctx;
  const [r] = await tx
    .select({
      byEmail: sql<number>`count(*) filter (where ${orders.email} = ${who.email})::int`,
      byIp: sql<number>`count(*) filter (where ${orders.clientIpHash} = ${who.clientIpHash ?? ''})::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.status, 'pending'),
        who.clientIpHash
          ? or(eq(orders.email, who.email), eq(orders.clientIpHash, who.clientIpHash))
          : eq(orders.email, who.email),
      ),
    );
  return { byEmail: r.byEmail, byIp: r.byIp };
}

/**
 * Serialises checkouts of one buyer in one store (transaction-scoped advisory locks on the email and the IP hash,
 * taken in sorted order before any row lock), so that 20 parallel submits cannot all pass the unpaid-order count.
 */
export async function lockUnpaidCounters(ctx: StoreTxContext, keys: string[]): Promise<void> {
  const { db: tx, storeId } = ctx;
  for (const k of [...new Set(keys)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`unpaid:${storeId}:${k}`}, 0))`);
}

/** Pending orders, oldest reservation first, whose stock hold ran out before `now` (any store). */
export async function findOverdueOrders(
  ctx: DbContext,
  now: Date,
  limit = 500,
): Promise<{ id: string; storeId: string }[]> {
  const { db } = ctx;
  return db
    .select({ id: orders.id, storeId: orders.storeId })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), sql`${orders.reservationExpiresAt} < ${now}`))
    .orderBy(asc(orders.reservationExpiresAt))
    .limit(limit);
}

/** Cancelled orders of the last `days` days (any store), for the refund retry of the sweep. */
export async function recentlyCancelledOrderIds(ctx: DbContext, since: Date): Promise<string[]> {
  const { db } = ctx;
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'cancelled'), sql`${orders.cancelledAt} > ${since}`))
    .limit(1000);
  return rows.map((r) => r.id);
}
