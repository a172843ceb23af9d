/**
 * What one unpaid order and one client may hold in a store (decision 097): the seller's caps (table
 * `store_order_limits`; the defaults of src/shared/limits.ts for a store without a row), the units a client's unpaid
 * orders hold now, and how long a card order holds its stock until its payment is confirmed. Checkout enforces the
 * caps inside the order's transaction; settlement uses the hold for 3-D Secure.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { orderItems, orders, storeOrderLimits } from '../../db/schema/orders.js';
import type { StoreDbContext, StoreTxContext } from '../../lib/context.js';
import {
  DEFAULT_CARD_HOLD_MINUTES,
  DEFAULT_MAX_HELD_UNITS_PER_CLIENT,
  DEFAULT_MAX_UNITS_PER_LINE,
  DEFAULT_MAX_UNITS_PER_ORDER,
} from '../../../shared/limits.js';
import type { OrderLimits, OrderLimitsInput } from '../../../shared/contracts/order-limits.js';

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  maxUnitsPerLine: DEFAULT_MAX_UNITS_PER_LINE,
  maxUnitsPerOrder: DEFAULT_MAX_UNITS_PER_ORDER,
  maxHeldUnitsPerClient: DEFAULT_MAX_HELD_UNITS_PER_CLIENT,
  cardHoldMinutes: DEFAULT_CARD_HOLD_MINUTES,
};

/** The store's caps and card hold (GET /api/admin/order-limits): its own, or the defaults. */
export async function getOrderLimits(ctx: StoreDbContext): Promise<OrderLimits> {
  const { db, storeId } = ctx;
  const [row] = await db.select().from(storeOrderLimits).where(eq(storeOrderLimits.storeId, storeId)).limit(1);
  if (!row) return DEFAULT_ORDER_LIMITS;
  return {
    maxUnitsPerLine: row.maxUnitsPerLine,
    maxUnitsPerOrder: row.maxUnitsPerOrder,
    maxHeldUnitsPerClient: row.maxHeldUnitsPerClient,
    cardHoldMinutes: row.cardHoldMinutes,
  };
}

/** Sets the store's caps and card hold (PUT /api/admin/order-limits; checked by `orderLimitsInput`). */
export async function saveOrderLimits(ctx: StoreDbContext, input: OrderLimitsInput): Promise<OrderLimits> {
  const { db, storeId } = ctx;
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(storeOrderLimits)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: storeOrderLimits.storeId, set: values });
  return getOrderLimits(ctx);
}

/** How long the store's card and wallet orders hold their stock until confirmed, milliseconds. */
export async function cardHoldMs(ctx: StoreDbContext): Promise<number> {
  return (await getOrderLimits(ctx)).cardHoldMinutes * 60_000;
}

/**
 * Units held by the store's unpaid (pending) orders placed with this email, and from this client-address hash,
 * counted separately. Call inside the checkout transaction after lockUnpaidCounters, so parallel submits count in turn.
 */
export async function countHeldUnits(
  ctx: StoreTxContext,
  who: { email: string; clientIpHash: string | null },
): Promise<{ byEmail: number; byIp: number }> {
  const { db: tx, storeId } = ctx;
  const [r] = await tx
    .select({
      byEmail: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${orders.email} = ${who.email}), 0)::int`,
      byIp: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${orders.clientIpHash} = ${who.clientIpHash ?? ''}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.storeId, orders.storeId)))
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.status, 'pending'),
        who.clientIpHash
          ? or(eq(orders.email, who.email), eq(orders.clientIpHash, who.clientIpHash))
          : eq(orders.email, who.email),
      ),
    );
  return { byEmail: r?.byEmail ?? 0, byIp: r?.byIp ?? 0 };
}
