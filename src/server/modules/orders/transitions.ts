/**
 * Order status changes with the transition table of order-status.ts (decision 021). Every change locks the
 * order row first (the lock order of src/server/db/transaction.ts), so a payment, a cancellation and the sweep touching
 * one order run one after the other. Cancelling releases reserved stock exactly once; paying adds to best-seller
 * counters. A seller marking an unpaid order paid by hand voids its provider payment, so it cannot be paid twice.
 */
import { and, eq } from 'drizzle-orm';
import { orderItems, orderStatusHistory, orders } from '../../db/schema/orders.js';
import type { StoreContext, StoreTxContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { assertTransition } from '../../lib/state-machine.js';
import type { OrderStatus } from '../../../shared/contracts/checkout.js';
import { recordSale, releaseStock, releaseStockAcross, reverseSale } from '../catalog/index.js';
import { closePayment, getOrderPayment, refundCardPayment, type PaymentRow } from '../payments/index.js';
import {
  postOrderCancelled,
  postRefundPaid,
  postSharesReversed,
  refundedUnits,
  requestedRefundsCents,
} from '../balances/index.js';
import { runTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/queue.js';
import { releaseCouponUse } from '../coupons/index.js';
import { releaseQuoteOfOrder } from '../quotes/index.js';
import { transitionTableFor } from './order-status.js';
import type { OrderRow } from './orders.service.js';
import { followOrder, loadPackages, suppliersOf, type PackageRow } from './packages.js';

/** Statuses a marketplace order reaches only through its packages (decision 135). */
const PACKAGE_DRIVEN: OrderStatus[] = ['ready_to_ship', 'on_the_way', 'ready_for_pickup', 'delivered'];

/** The order row, locked until the transaction ends (SELECT … FOR UPDATE). Throws ORDER_NOT_FOUND. */
export async function lockOrder(ctx: StoreTxContext, orderId: string): Promise<OrderRow> {
  const { db: tx, storeId } = ctx;
  const [r] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for('update');
  if (!r) throw new AppError('ORDER_NOT_FOUND');
  return r;
}

/** Moves a pending order's stock hold to `at` (3-D Secure asked, OXXO voucher issued). */
export async function setReservation(ctx: StoreTxContext, orderId: string, at: Date): Promise<void> {
  const { db: tx, storeId } = ctx;
  await tx
    .update(orders)
    .set({ reservationExpiresAt: at, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), eq(orders.status, 'pending')));
}

/**
 * Moves an order to `to` inside `tx` if the transition table allows it (INVALID_TRANSITION otherwise), the order row
 * locked first. Cancelling releases the order's stock and coupon use and closes its open payment (expired); paying records the sale
 * and marks the time. Returns the order as it was before the change.
 */
export async function applyTransition(
  ctx: StoreTxContext,
  orderId: string,
  to: OrderStatus,
  opts: {
    actorId?: string | null;
    trackingNumber?: string;
    note?: string;
    /** Delivered: seconds until the order's pending money is released (config BALANCE_RELEASE_DAYS in seconds). */
    releaseAfterSeconds?: number;
    /** The change follows the order's packages (packages.ts): allowed for a marketplace order. */
    fromPackages?: boolean;
  } = {},
): Promise<OrderRow> {
  const { db: tx, storeId } = ctx;
  const order = await lockOrder(ctx, orderId);
  const from = order.status as OrderStatus;
  assertTransition(transitionTableFor(order.shippingType), from, to);
  const packages = await loadPackages(ctx, orderId);
  if (packages.length && !opts.fromPackages) {
    if (PACKAGE_DRIVEN.includes(to)) throw new AppError('ORDER_SHIPS_IN_PACKAGES');
    // Cancelled until a package is on its way: after that, a supplier rejects its package or the buyer is refunded.
    if (to === 'cancelled' && packages.some((p) => p.status === 'on_the_way' || p.status === 'delivered'))
      throw new AppError('INVALID_TRANSITION', { from: 'on_the_way', to });
  }
  const now = new Date();
  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'paid' ? { paidAt: now, reservationExpiresAt: null } : {}),
      ...(to === 'cancelled' ? { cancelledAt: now } : {}),
      ...(opts.trackingNumber ? { trackingNumber: opts.trackingNumber } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
  await tx.insert(orderStatusHistory).values({
    storeId,
    orderId,
    fromStatus: from,
    toStatus: to,
    actorId: opts.actorId ?? null,
    note: opts.note ?? null,
  });
  const bought = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, orderId)));
  // Units a line refund already gave back went back to stock and off the sales count then (an order is cancelled only
  // before it ships, so every such refund came before shipping): a cancellation gives back the rest only.
  const refunded = to === 'cancelled' ? await refundedUnits(ctx, orderId) : [];
  const items = bought
    .map((i) => ({
      ...i,
      quantity: i.quantity - refunded.filter((r) => r.orderItemId === i.id).reduce((n, r) => n + r.quantity, 0),
    }))
    .filter((i) => i.quantity > 0);
  if (to === 'cancelled' && packages.length) {
    await cancelPackages(ctx, orderId, packages, items);
    if (order.paidAt) await reverseSale(ctx, items);
    const payment = await getOrderPayment(ctx, orderId);
    if (payment) await closePayment(ctx, payment, 'expired');
    await releaseCouponUse(ctx, orderId);
  } else if (to === 'cancelled') {
    // What the ledger holds of the order becomes owed back to the buyer (decision 046).
    await postOrderCancelled(ctx, orderId);
    await releaseStock(ctx, items);
    if (order.paidAt) await reverseSale(ctx, items);
    const payment = await getOrderPayment(ctx, orderId);
    if (payment) await closePayment(ctx, payment, 'expired');
    await releaseCouponUse(ctx, orderId);
    // An accepted quote whose order was never paid may be accepted again while it is valid (decision 151).
    if (!order.paidAt) await releaseQuoteOfOrder(ctx, orderId);
  }
  if (to === 'paid') await recordSale(ctx, items);
  // Pending money becomes available BALANCE_RELEASE_DAYS after delivery: a job committed with the change, one per
  // order (decision 047).
  if (to === 'delivered')
    await enqueue(
      tx,
      'balance-release',
      { storeId, orderId },
      { startAfter: opts.releaseAfterSeconds ?? 0, singletonKey: `balance-release:${orderId}` },
    );
  return order;
}

/**
 * A marketplace order cancelled (decisions 135, 136): every party's share becomes owed back to the buyer, the units
 * of packages still open go back to whoever holds the stock (the store, or the supplier for a listing's line; a
 * rejected package gave its units back already), and the open packages are cancelled.
 */
async function cancelPackages(
  ctx: StoreTxContext,
  orderId: string,
  packages: PackageRow[],
  left: { id: string; quantity: number }[],
): Promise<void> {
  await postSharesReversed(ctx, { orderId, parties: suppliersOf(packages) });
  const open = new Set(packages.filter((p) => p.status !== 'rejected' && p.status !== 'cancelled').map((p) => p.id));
  const lines = await ctx.db
    .select({
      id: orderItems.id,
      fulfilmentId: orderItems.fulfilmentId,
      variantId: orderItems.variantId,
      supplierStoreId: orderItems.supplierStoreId,
      sourceVariantId: orderItems.sourceVariantId,
    })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, ctx.storeId), eq(orderItems.orderId, orderId)));
  await releaseStockAcross(
    ctx,
    lines.flatMap((l) => {
      if (!l.fulfilmentId || !open.has(l.fulfilmentId)) return [];
      const variantId = l.sourceVariantId ?? l.variantId;
      const quantity = left.find((x) => x.id === l.id)?.quantity ?? 0;
      return variantId && quantity ? [{ storeId: l.supplierStoreId ?? ctx.storeId, variantId, quantity }] : [];
    }),
  );
  await followOrder(ctx, orderId, 'cancelled');
}

/**
 * A cancelled order's card payment goes back to the card, after the cancellation committed (a provider call never
 * holds a database transaction open). If the provider refuses, the cancellation stands, the payment stays succeeded,
 * the admin shows that the buyer is still owed the money, and the sweep tries again. Cash paid at OXXO cannot go back
 * automatically; the admin says so too.
 */
export async function refundAfterCancel(
  ctx: Pick<StoreContext, 'db' | 'providers' | 'log' | 'storeId'>,
  orderId: string,
): Promise<void> {
  const payment = await getOrderPayment(ctx, orderId);
  if (!payment || payment.method === 'oxxo' || payment.status !== 'succeeded') return;
  try {
    await refundAndRecord(ctx, payment);
  } catch (err) {
    ctx.log.error({ err, orderId }, 'refund of a cancelled order failed');
  }
}

/**
 * Refunds a succeeded card payment in full through the provider (payments module), then records in the ledger that
 * the money owed back left the platform (key `refund:<payment id>`: once however often it is retried). Throws what
 * refundCardPayment throws (PAYMENT_REFUND_FAILED when the provider refuses: the sweep retries it).
 */
export async function refundAndRecord(
  ctx: Pick<StoreContext, 'db' | 'providers' | 'storeId'>,
  payment: PaymentRow,
): Promise<void> {
  // What refunds of this payment already asked back (a line refund, a rejected package) is not refunded again.
  const asked = await requestedRefundsCents({ db: ctx.db, storeId: payment.storeId }, payment.id);
  const amountCents = Math.max(0, payment.amountCents - asked);
  const row = await refundCardPayment(ctx, payment, amountCents);
  if (row.status !== 'refunded' || !amountCents) return;
  await runTransaction(ctx.db, (tx) =>
    postRefundPaid({ db: tx, storeId: row.storeId }, { orderId: row.orderId, refundKey: row.id, amountCents }),
  );
}
