/**
 * Sales figures of stores for the platform operator (decision 164) and the diamond member rule (decision 166): paid
 * orders and their total (integer centavos MXN), and how many paid orders were cancelled afterwards (each such
 * cancellation refunds the buyer).
 */
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';

/** A store's sales since a date: paid orders not cancelled, and their total in centavos. */
export interface StoreSales {
  orders: number;
  salesCents: number;
}

/** Each store's paid, not cancelled orders since `since`, by store id (stores with none are missing from the map). */
export async function storesSales(ctx: DbContext, storeIds: string[], since: Date): Promise<Map<string, StoreSales>> {
  if (!storeIds.length) return new Map();
  const rows = await ctx.db
    .select({
      storeId: orders.storeId,
      orders: sql<number>`count(*)::int`,
      salesCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.storeId, storeIds),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, since),
        sql`${orders.status} <> 'cancelled'`,
      ),
    )
    .groupBy(orders.storeId);
  return new Map(rows.map((r) => [r.storeId, { orders: r.orders, salesCents: Number(r.salesCents) }]));
}

/** The store's orders paid since `since`, and how many of them were cancelled (refunded) afterwards. */
export async function paidAndRefunded(ctx: StoreDbContext, since: Date): Promise<{ paid: number; refunded: number }> {
  const [r] = await ctx.db
    .select({
      paid: sql<number>`count(*)::int`,
      refunded: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')::int`,
    })
    .from(orders)
    .where(and(eq(orders.storeId, ctx.storeId), isNotNull(orders.paidAt), gte(orders.paidAt, since)));
  return { paid: r?.paid ?? 0, refunded: r?.refunded ?? 0 };
}
