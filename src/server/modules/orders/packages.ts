/**
 * The packages of a marketplace order (decision 135): read, kept in step with the order's own status, and the
 * order's status derived from them. A package moves paid → ready_to_ship → on_the_way → delivered, or is rejected by
 * its supplier, or cancelled with the order. Orders of the store's own goods have no packages.
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { fulfilments, orderItems } from '../../db/schema/orders.js';
import type { StoreDbContext, StoreTxContext } from '../../lib/context.js';
import type { FulfilmentStatus, OrderStatus, OrderView } from '../../../shared/contracts/checkout.js';
import type { PackageShare } from '../balances/index.js';

export type PackageRow = typeof fulfilments.$inferSelect;

/** The packages of an order of the store, by number. */
export async function loadPackages(ctx: StoreDbContext, orderId: string): Promise<PackageRow[]> {
  return ctx.db
    .select()
    .from(fulfilments)
    .where(and(eq(fulfilments.storeId, ctx.storeId), eq(fulfilments.orderId, orderId)))
    .orderBy(asc(fulfilments.number));
}

/** The packages as the ledger splits their money (decision 136). */
export function packageShares(packages: PackageRow[]): PackageShare[] {
  return packages.map((p) => ({
    fulfilmentId: p.id,
    supplierStoreId: p.supplierStoreId,
    itemsCents: p.itemsCents,
    discountCents: p.discountCents,
    wholesaleCents: p.wholesaleCents,
    shippingCents: p.shippingCents,
    supplierFeeBps: p.supplierFeeBps,
  }));
}

/** The suppliers' stores of an order's packages (the parties of its ledger lines besides the store). */
export function suppliersOf(packages: PackageRow[]): string[] {
  return [...new Set(packages.flatMap((p) => (p.supplierStoreId ? [p.supplierStoreId] : [])))];
}

/** The packages as the order view shows them (the buyer never learns which supplier ships which). */
export async function packageViews(ctx: StoreDbContext, orderId: string): Promise<OrderView['packages']> {
  const packages = await loadPackages(ctx, orderId);
  if (!packages.length) return [];
  const lines = await ctx.db
    .select({ fulfilmentId: orderItems.fulfilmentId, sku: orderItems.sku })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, ctx.storeId), eq(orderItems.orderId, orderId)));
  return packages.map((p) => ({
    id: p.id,
    number: p.number,
    own: !p.supplierStoreId,
    status: p.status as FulfilmentStatus,
    shippingCents: p.shippingCents,
    trackingNumber: p.trackingNumber,
    skus: lines.filter((l) => l.fulfilmentId === p.id).map((l) => l.sku),
  }));
}

/** Statuses a package no longer ships from. */
const ENDED: FulfilmentStatus[] = ['rejected', 'cancelled'];

/** The order became paid or cancelled: its open packages follow (inside the order's transaction). */
export async function followOrder(ctx: StoreTxContext, orderId: string, to: 'paid' | 'cancelled'): Promise<void> {
  await ctx.db
    .update(fulfilments)
    .set({ status: to, updatedAt: new Date() })
    .where(
      and(
        eq(fulfilments.storeId, ctx.storeId),
        eq(fulfilments.orderId, orderId),
        to === 'paid' ? eq(fulfilments.status, 'pending') : notInArray(fulfilments.status, [...ENDED, 'delivered']),
      ),
    );
}

const PROGRESS: FulfilmentStatus[] = ['paid', 'ready_to_ship', 'on_the_way', 'delivered'];

/**
 * The order status its packages make (decision 135): the least advanced of the live packages (not rejected or
 * cancelled), or `cancelled` when none is live. Null while the order is not paid yet.
 */
export function statusFromPackages(packages: Pick<PackageRow, 'status'>[]): OrderStatus | null {
  const live = packages.filter((p) => !ENDED.includes(p.status as FulfilmentStatus));
  if (!live.length) return 'cancelled';
  const rank = Math.min(...live.map((p) => PROGRESS.indexOf(p.status as FulfilmentStatus)));
  return rank < 0 ? null : (PROGRESS[rank] as OrderStatus);
}

/** The order lines of some packages (to give their stock back or count them), with where their units came from. */
export async function linesOfPackages(
  ctx: StoreDbContext,
  orderId: string,
  fulfilmentIds: string[],
): Promise<
  {
    productId: string | null;
    variantId: string | null;
    supplierStoreId: string | null;
    sourceVariantId: string | null;
    quantity: number;
  }[]
> {
  if (!fulfilmentIds.length) return [];
  return ctx.db
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      supplierStoreId: orderItems.supplierStoreId,
      sourceVariantId: orderItems.sourceVariantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.storeId, ctx.storeId),
        eq(orderItems.orderId, orderId),
        inArray(orderItems.fulfilmentId, fulfilmentIds),
      ),
    );
}
