/**
 * Orders: creation inside the checkout transaction, the buyer's and the seller's views and lists (/pedidos,
 * /admin/ventas, /admin/orderStatus). Status changes are in transitions.ts, payments reaching orders
 * in settlement.ts, the reservation sweep in sweep.ts. Amounts are integer centavos.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  fulfilments,
  orderItems,
  orderStatusHistory,
  orders,
  type OrderAddress,
  type OrderShipping,
} from '../../db/schema/orders.js';
import type { DbContext, StoreContext, StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { sameToken } from '../../lib/tokens.js';
import type {
  OrderList,
  OrderSettlement,
  OrderStatus,
  OrderView,
  SellerOrderView,
} from '../../../shared/contracts/checkout.js';
import { platformFeeBaseCents, platformFeeCents, providerFeeCents } from '../../../shared/money.js';
import { listOrderPayments, toPayment } from '../payments/index.js';
import { orderSettlement, resellerFeeBase, sharedSaleLines } from '../balances/index.js';
import { getUserNames } from '../accounts/index.js';
import { nextStatuses } from './order-status.js';
import { loadPackages, packageShares, packageViews, type PackageRow } from './packages.js';

export const ORDERS_PAGE_SIZE = 20;

export type OrderRow = typeof orders.$inferSelect;

export interface NewOrder {
  folio: number;
  customerId: string | null;
  email: string;
  paymentMethod: 'card' | 'oxxo' | 'paypal';
  lang: string;
  itemsCents: number;
  shippingCents: number;
  feeCents: number;
  discountCents: number;
  totalCents: number;
  /** The coupon whose discount is in discountCents (upper-case code), or null. */
  couponCode?: string | null;
  /** Vitrina's fee rate for the order, basis points: the store's plan's when it is placed (decision 096). */
  platformFeeBps: number;
  shippingType: 'economico' | 'paquete' | 'pickup';
  shipping: OrderShipping;
  address: OrderAddress | null;
  idempotencyKey: string;
  viewToken: string;
  reservationExpiresAt: Date;
  storefrontOrigin: string | null;
  clientIpHash: string | null;
  items: {
    productId: string;
    variantId: string;
    codigo: string;
    sku: string;
    name: string;
    options: Record<string, string>;
    imageUrl: string | null;
    unitPriceCents: number;
    quantity: number;
    lineTotalCents: number;
    /** The package (1-based index into `packages`) of a marketplace order's line. */
    packageNumber?: number;
    supplierStoreId?: string | null;
    sourceVariantId?: string | null;
    wholesaleUnitCents?: number | null;
  }[];
  /** A marketplace order's packages (decision 135), numbered 1…n in this order; empty: one package, the order. */
  packages?: NewPackage[];
}

/** A package of a new marketplace order. Centavos. */
export interface NewPackage {
  supplierStoreId: string | null;
  itemsCents: number;
  discountCents: number;
  wholesaleCents: number;
  shippingCents: number;
  shipping: OrderShipping;
  /** The supplier's platform fee rate now (its plan's), basis points; null for the store's own package. */
  supplierFeeBps: number | null;
}

/** Inserts an order in status pending with its lines and first history entry (inside the checkout transaction). */
export async function insertOrder(ctx: StoreTxContext, o: NewOrder): Promise<OrderRow> {
  const { db: tx, storeId } = ctx;
  const { items, packages = [], ...rest } = o;
  const [row] = await tx
    .insert(orders)
    .values({ ...rest, storeId, status: 'pending' })
    .returning();
  const ids = packages.length
    ? await tx
        .insert(fulfilments)
        .values(packages.map((p, i) => ({ ...p, storeId, orderId: row.id, number: i + 1, status: 'pending' })))
        .returning({ id: fulfilments.id, number: fulfilments.number })
    : [];
  const idOf = new Map(ids.map((f) => [f.number, f.id]));
  await tx.insert(orderItems).values(
    items.map(({ packageNumber, ...i }) => ({
      ...i,
      storeId,
      orderId: row.id,
      fulfilmentId: packageNumber ? (idOf.get(packageNumber) ?? null) : null,
    })),
  );
  await tx
    .insert(orderStatusHistory)
    .values({ storeId, orderId: row.id, fromStatus: null, toStatus: 'pending', actorId: o.customerId });
  return row;
}

/**
 * Sets a new order's folio (allocated from the store's counter by the caller) in place of the provisional negative one
 * it was inserted with, inside the checkout transaction.
 */
export async function setOrderFolio(ctx: StoreTxContext, orderId: string, folio: number): Promise<void> {
  await ctx.db
    .update(orders)
    .set({ folio })
    .where(and(eq(orders.id, orderId), eq(orders.storeId, ctx.storeId)));
}

/** An order of the store. Throws ORDER_NOT_FOUND. */
export async function loadOrder(ctx: StoreDbContext, orderId: string): Promise<OrderRow> {
  const { db, storeId } = ctx;
  const [r] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .limit(1);
  if (!r) throw new AppError('ORDER_NOT_FOUND');
  return r;
}

/** Builds the order view of an order row. */
export async function buildOrderView(ctx: DbContext, order: OrderRow): Promise<OrderView> {
  const { db } = ctx;
  const [items, history, payments, names, packages] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.storeId, order.storeId), eq(orderItems.orderId, order.id)))
      .orderBy(asc(orderItems.name)),
    db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.storeId, order.storeId), eq(orderStatusHistory.orderId, order.id)))
      .orderBy(asc(orderStatusHistory.createdAt)),
    listOrderPayments({ db, storeId: order.storeId }, order.id),
    getUserNames({ db, storeId: order.storeId }, order.customerId ? [order.customerId] : []),
    packageViews({ db, storeId: order.storeId }, order.id),
  ]);
  const status = order.status as OrderStatus;
  const payment = payments[0];
  const paidIn = payments.filter((p) => p.status === 'succeeded').reduce((s, p) => s + p.amountCents, 0);
  const kept = status === 'cancelled' ? 0 : order.totalCents;
  return {
    id: order.id,
    folio: order.folio,
    status,
    createdAt: order.createdAt.toISOString(),
    email: order.email,
    lang: order.lang === 'en' ? 'en' : 'es',
    customerName: (order.customerId && names.get(order.customerId)) || order.address?.fullName || null,
    paymentMethod: order.paymentMethod as 'card' | 'oxxo' | 'paypal',
    itemsCents: order.itemsCents,
    shippingCents: order.shippingCents,
    feeCents: order.feeCents,
    discountCents: order.discountCents,
    couponCode: order.couponCode,
    totalCents: order.totalCents,
    shippingType: order.shippingType as OrderView['shippingType'],
    shipping: order.shipping,
    address: order.address,
    trackingNumber: order.trackingNumber,
    items: items.map((i) => ({
      codigo: i.codigo,
      sku: i.sku,
      name: i.name,
      options: i.options,
      image: i.imageUrl,
      unitPriceCents: i.unitPriceCents,
      quantity: i.quantity,
      lineTotalCents: i.lineTotalCents,
    })),
    payment: payment ? toPayment(payment) : null,
    refundDueCents: Math.max(0, paidIn - kept),
    history: history.map((h) => ({ status: h.toStatus as OrderStatus, at: h.createdAt.toISOString() })),
    // A marketplace order's status follows its packages: the seller moves each package instead (decision 135), and
    // may cancel only until a package is on its way (as applyTransition enforces).
    nextStatuses: packages.length
      ? nextStatuses(status, order.shippingType).filter(
          (s) => s === 'cancelled' && !packages.some((p) => p.status === 'on_the_way' || p.status === 'delivered'),
        )
      : nextStatuses(status, order.shippingType),
    packages,
  };
}

/**
 * An order of the context's store that the caller may read: the signed-in customer's own order, or any order with
 * its guest view token. Throws ORDER_NOT_FOUND otherwise (never reveals that the order exists).
 */
export async function getOrderForBuyer(ctx: StoreContext, orderId: string, viewToken?: string): Promise<OrderView> {
  const order = await loadOrder(ctx, orderId);
  const own = ctx.actor?.role === 'customer' && order.customerId === ctx.actor.userId;
  const byToken = Boolean(viewToken && order.viewToken && sameToken(viewToken, order.viewToken));
  if (!own && !byToken) throw new AppError('ORDER_NOT_FOUND');
  return buildOrderView(ctx, order);
}

/**
 * The view of any order of `ctx.storeId`, with no check of who reads it: for callers whose access is already
 * settled (the seller's and the store-floor routes, status changes, payment flows after getOrderForBuyer). A
 * shopper-facing read goes through getOrderForBuyer. Throws ORDER_NOT_FOUND.
 */
export async function getStoreOrderView(ctx: StoreContext, orderId: string): Promise<OrderView> {
  return buildOrderView(ctx, await loadOrder(ctx, orderId));
}

/**
 * The seller's view of an order: the order and its money (decisions 095, 096) — as posted in the ledger once paid;
 * estimated from the order (its total, its rate of its products after the coupon) while unpaid; null for an order
 * cancelled before it was paid. Access is the caller's (the seller's routes). Throws ORDER_NOT_FOUND.
 */
export async function getSellerOrderView(ctx: StoreContext, orderId: string): Promise<SellerOrderView> {
  const order = await loadOrder(ctx, orderId);
  const [view, posted, packages] = await Promise.all([
    buildOrderView(ctx, order),
    orderSettlement(ctx, orderId),
    loadPackages(ctx, orderId),
  ]);
  return { ...view, settlement: posted ?? estimatedSettlement(order, packages) };
}

function estimatedSettlement(order: OrderRow, packages: PackageRow[]): OrderSettlement | null {
  if (order.status !== 'pending') return null;
  if (packages.length) return estimatedSharedSettlement(order, packages);
  const base = platformFeeBaseCents(order);
  const fee = Math.min(order.totalCents, platformFeeCents(base, order.platformFeeBps));
  return {
    status: 'estimated',
    saleCents: order.totalCents,
    feeBps: order.platformFeeBps,
    feeBaseCents: base,
    feeCents: fee,
    refundedCents: 0,
    feeReturnedCents: 0,
    collectedCents: 0,
    suppliersCents: 0,
    paymentFeeCents: estimatedProviderFee(order),
    netCents: order.totalCents - fee,
  };
}

/** What the provider will keep of the order's payment by its method (decision 147), before it is paid. */
const estimatedProviderFee = (order: OrderRow) =>
  providerFeeCents({ method: order.paymentMethod, provider: 'provider', amountCents: order.totalCents });

/** A marketplace order's money before it is paid, by the rule its payment will post (decision 136). */
function estimatedSharedSettlement(order: OrderRow, packages: PackageRow[]): OrderSettlement {
  const shares = sharedSaleLines({
    orderId: order.id,
    storeId: order.storeId,
    amountCents: order.totalCents,
    oxxoFeeCents: order.feeCents,
    resellerFeeBps: order.platformFeeBps,
    packages: packageShares(packages),
  });
  const fee = -shares.filter((l) => !l.storeId && l.account === 'platform_fee').reduce((s, l) => s + l.amountCents, 0);
  const suppliers = -shares.filter((l) => l.storeId).reduce((s, l) => s + l.amountCents, 0);
  return {
    status: 'estimated',
    saleCents: order.totalCents,
    feeBps: order.platformFeeBps,
    feeBaseCents: resellerFeeBase({ packages }),
    feeCents: fee,
    refundedCents: 0,
    feeReturnedCents: 0,
    collectedCents: 0,
    suppliersCents: suppliers,
    paymentFeeCents: estimatedProviderFee(order),
    netCents: order.totalCents - fee - suppliers,
  };
}

async function listOrders(ctx: StoreContext, where: ReturnType<typeof and>, page: number): Promise<OrderList> {
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        folio: orders.folio,
        status: orders.status,
        createdAt: orders.createdAt,
        totalCents: orders.totalCents,
        paymentMethod: orders.paymentMethod,
        customerId: orders.customerId,
        email: orders.email,
        address: orders.address,
        itemCount: sql<number>`(select coalesce(sum(quantity), 0)::int from order_items i where i.order_id = ${orders.id} and i.store_id = ${orders.storeId})`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.folio))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(orders).where(where),
  ]);
  const names = await getUserNames(ctx, [
    ...new Set(rows.map((r) => r.customerId).filter((x): x is string => Boolean(x))),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      folio: r.folio,
      status: r.status as OrderStatus,
      createdAt: r.createdAt.toISOString(),
      totalCents: r.totalCents,
      paymentMethod: r.paymentMethod as 'card' | 'oxxo' | 'paypal',
      itemCount: r.itemCount,
      email: r.email,
      customerName: (r.customerId && names.get(r.customerId)) || r.address?.fullName || null,
    })),
    total: n,
    page,
    pageSize: ORDERS_PAGE_SIZE,
  };
}

/** The signed-in customer's orders, newest first. */
export async function listCustomerOrders(
  ctx: StoreContext & { actor: { userId: string } },
  page: number,
  status?: OrderStatus,
): Promise<OrderList> {
  return listOrders(
    ctx,
    and(
      eq(orders.storeId, ctx.storeId),
      eq(orders.customerId, ctx.actor.userId),
      status ? eq(orders.status, status) : undefined,
    ),
    page,
  );
}

/** The store's orders for the seller, newest first, optionally by status. */
export async function listStoreOrders(ctx: StoreContext, page: number, status?: OrderStatus): Promise<OrderList> {
  return listOrders(ctx, and(eq(orders.storeId, ctx.storeId), status ? eq(orders.status, status) : undefined), page);
}

/**
 * Counts for the admin dashboard. "Today" starts at midnight in `timeZone` (IANA, the store's: stores/time-zone.ts),
 * computed by PostgreSQL, not at the server's midnight.
 */
export async function orderCounts(
  ctx: StoreContext,
  timeZone: string,
): Promise<{ pendingOrders: number; ordersToday: number }> {
  const start = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const [r] = await ctx.db
    .select({
      pending: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'paid', 'ready_to_ship', 'ready_for_pickup'))::int`,
      today: sql<number>`count(*) filter (where ${orders.createdAt} >= ${start})::int`,
    })
    .from(orders)
    .where(eq(orders.storeId, ctx.storeId));
  return { pendingOrders: r.pending, ordersToday: r.today };
}
