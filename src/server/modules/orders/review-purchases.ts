/**
 * Who may review a product (decision 157): a buyer with a delivered order line of it in this store. Orders come after
 * reviews and catalog in the module order, so the check is made here and handed to catalog's review writing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/orders.js';
import type { Actor, StoreContext, StoreDbContext } from '../../lib/context.js';
import type { MyProductReview, MyReview, ReviewBody } from '../../../shared/contracts/reviews.js';
import { getMyProductReview, writeProductReview } from '../catalog/index.js';

type BuyerContext = StoreContext & { actor: Actor };

/** True when `userId` has a delivered order of this store with a line of product `productId`. */
export async function hasReceivedProduct(ctx: StoreDbContext, userId: string, productId: string): Promise<boolean> {
  const [r] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .innerJoin(orders, and(eq(orders.id, orderItems.orderId), eq(orders.storeId, orderItems.storeId)))
    .where(
      and(
        eq(orderItems.storeId, ctx.storeId),
        eq(orderItems.productId, productId),
        eq(orders.customerId, userId),
        eq(orders.status, 'delivered'),
      ),
    )
    .limit(1);
  return Boolean(r);
}

/** The buyer's review of product `codigo` and whether they may write one. Throws PRODUCT_NOT_FOUND. */
export async function myProductReview(ctx: BuyerContext, codigo: string): Promise<MyProductReview> {
  return getMyProductReview(ctx, codigo, (productId) => hasReceivedProduct(ctx, ctx.actor.userId, productId));
}

/** Writes the buyer's review of a product they received. Throws what catalog's writeProductReview throws. */
export async function reviewReceivedProduct(ctx: BuyerContext, codigo: string, body: ReviewBody): Promise<MyReview> {
  return writeProductReview(ctx, codigo, body, (productId) => hasReceivedProduct(ctx, ctx.actor.userId, productId));
}
