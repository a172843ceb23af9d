/**
 * The seller's refunds of part or all of an order (POST /api/admin/orders/:id/refunds), and a supplier's refunds of
 * its own lines of a reseller's order (POST /api/admin/pedidos-revendedores/:id/refunds). Only for a card or wallet
 * payment through the provider. An amount refund needs an order on its way or delivered (before that the seller
 * cancels the order, which refunds it all) and comes out of the store's own share. A line refund (decision 147) gives
 * back units of one line and reverses exactly that line's shares of each party:
 *   - the store's own goods: always its own share; before they ship, the units go back to its stock;
 *   - a supplier's line refunded by the store before the supplier's package ships: every party's share, the units go
 *     back to the supplier's stock and leave its purchase order (a package left with nothing to ship is cancelled and
 *     its shipping refunded too);
 *   - a supplier's line refunded by the store after it shipped: the supplier keeps its price (it delivered the goods)
 *     and the store pays the whole refund out of its own money of the order;
 *   - a supplier refunding its own line (a return, or units it cannot ship): every party's share; a supplier never
 *     reaches another supplier's line nor the store's own.
 * The buyer is emailed about each line refund (which line, how many, how much), from a job enqueued with it.
 * Every refund is recorded with the order row locked — so parallel requests run one after the other and the second
 * of two identical ones finds the units gone — then sent to the provider after commit; a refused refund stays owed and
 * can be retried.
 */
import { and, eq, ne } from 'drizzle-orm';
import { fulfilments, orderItems } from '../../db/schema/orders.js';
import { runTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/app-error.js';
import { withTx, type StoreContext, type StoreTxContext } from '../../lib/context.js';
import type {
  LineRefundRequest,
  RefundableLine,
  RefundList,
  RefundRequest,
  RefundView,
} from '../../../shared/contracts/balances.js';
import { getOrderPayment, providerOf, REFUNDABLE_METHODS, type PaymentRow } from '../payments/index.js';
import { releaseStockAcross, reverseSale } from '../catalog/index.js';
import {
  getRefund,
  linePackageOf,
  listRefunds,
  orderSettlement,
  refundable,
  refundedUnits,
  requestLineRefund,
  requestRefund,
  sendRefund,
  type LinePackage,
  type LineRefundShares,
  type RefundedUnits,
} from '../balances/index.js';
import { loadOrder, type OrderRow } from './orders.service.js';
import { lockOrder } from './transitions.js';
import { loadPackages, packageShares, suppliersOf, type PackageRow } from './packages.js';
import { followPackages } from './package-actions.js';

function refundablePayment(ctx: StoreContext, payment: PaymentRow | null): PaymentRow & { providerRef: string } {
  if (!isRefundable(ctx, payment)) throw new AppError('REFUND_NOT_ALLOWED');
  return payment as PaymentRow & { providerRef: string };
}

/** Whether a refund can go back through the provider: a succeeded card or wallet payment of a configured provider. */
function isRefundable(ctx: StoreContext, payment: PaymentRow | null): boolean {
  return !(
    !payment ||
    !(REFUNDABLE_METHODS as readonly string[]).includes(payment.method) ||
    payment.status !== 'succeeded' ||
    !payment.providerRef ||
    !providerOf(ctx, payment)
  );
}

/**
 * Refunds order `orderId` to the buyer's card or wallet: `amountCents` of it, or `quantity` units of line
 * `orderItemId` (refundOrderLine). Returns the refund as it ended (succeeded, or failed and retryable). Throws
 * ORDER_NOT_FOUND, REFUND_NOT_ALLOWED (409), REFUND_EXCEEDS_REFUNDABLE (422, max), and what refundOrderLine throws.
 */
export async function refundOrder(ctx: StoreContext, orderId: string, input: RefundRequest): Promise<RefundView> {
  if ('orderItemId' in input) return refundOrderLine(ctx, orderId, input);
  const { refund, providerRef } = await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    const order = await lockOrder(txCtx, orderId);
    if (order.status !== 'on_the_way' && order.status !== 'delivered') throw new AppError('REFUND_NOT_ALLOWED');
    const payment = refundablePayment(ctx, await getOrderPayment(txCtx, orderId));
    const refund = await requestRefund(txCtx, {
      orderId,
      paymentId: payment.id,
      paymentAmountCents: payment.amountCents,
      amountCents: input.amountCents,
      reason: input.reason,
    });
    return { refund, providerRef: payment.providerRef };
  });
  return sendRefund(ctx, refund.id, providerRef);
}

/** Statuses of an order whose lines may be refunded: paid and not cancelled. */
const PAID_STATUSES = ['paid', 'ready_to_ship', 'ready_for_pickup', 'on_the_way', 'delivered'];
/** A package (or an order without packages) in one of these has left with its carrier or reached the buyer. */
const SHIPPED: string[] = ['on_the_way', 'delivered'];
/** A package no longer ships from these. */
const ENDED: string[] = ['rejected', 'cancelled', 'pending'];

type ItemRow = typeof orderItems.$inferSelect;

/** Who asks for a line refund: the order's store, or the supplier of the line's package. */
type Side = { by: 'store' } | { by: 'supplier'; supplierStoreId: string; fulfilmentId: string };

/** How `side` may refund more of `item` now: every party's share, the store's only, or not at all. */
function lineMode(order: OrderRow, item: ItemRow, pkg: PackageRow | null, side: Side['by']): LineRefundShares | 'none' {
  if (!PAID_STATUSES.includes(order.status)) return 'none';
  if (pkg && ENDED.includes(pkg.status)) return 'none';
  if (!item.supplierStoreId) return side === 'store' ? 'all' : 'none';
  if (side === 'supplier') return 'all';
  return pkg && SHIPPED.includes(pkg.status) ? 'store' : 'all';
}

/** The order's lines of a package (or of the whole order without packages) as the ledger weighs a line refund. */
function linePackage(
  order: OrderRow,
  items: ItemRow[],
  pkg: PackageRow | null,
  before: RefundedUnits[],
  ownFeeCents: number,
): LinePackage {
  const mine = items.filter((i) => (pkg ? i.fulfilmentId === pkg.id : true));
  const lines = mine.map((i) => ({
    id: i.id,
    quantity: i.quantity,
    unitCents: i.unitPriceCents,
    wholesaleUnitCents: i.wholesaleUnitCents ?? 0,
  }));
  const ids = new Set(lines.map((l) => l.id));
  const earlier = before.filter((b) => ids.has(b.orderItemId));
  if (pkg) return linePackageOf(packageShares([pkg])[0]!, order.platformFeeBps, lines, earlier);
  return {
    itemsCents: order.itemsCents,
    discountCents: Math.min(order.discountCents, order.itemsCents),
    supplierFeeCents: 0,
    resellerFeeCents: ownFeeCents,
    lines,
    before: earlier,
  };
}

/**
 * The line refund itself, inside the transaction of the order's store with the order row locked. Returns the refund
 * and the payment's provider reference (to send it after commit).
 */
async function refundLineLocked(
  ctx: StoreContext,
  txCtx: StoreTxContext & StoreContext,
  orderId: string,
  input: LineRefundRequest,
  side: Side,
): Promise<{ refund: RefundView; providerRef: string }> {
  const order = await lockOrder(txCtx, orderId);
  const items = await txCtx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.storeId, txCtx.storeId), eq(orderItems.orderId, orderId)));
  const item = items.find((i) => i.id === input.orderItemId);
  // A supplier reaches only the lines of its own package; anything else does not exist for it.
  if (
    !item ||
    (side.by === 'supplier' &&
      (item.supplierStoreId !== side.supplierStoreId || item.fulfilmentId !== side.fulfilmentId))
  )
    throw new AppError('ORDER_LINE_NOT_FOUND');
  const packages = await loadPackages(txCtx, orderId);
  const pkg = item.fulfilmentId ? (packages.find((p) => p.id === item.fulfilmentId) ?? null) : null;
  const mode = lineMode(order, item, pkg, side.by);
  const payment = await getOrderPayment(txCtx, orderId);
  if (mode === 'none' || !isRefundable(ctx, payment)) throw new AppError('REFUND_LINE_NOT_ALLOWED');
  const before = await refundedUnits(txCtx, orderId);
  const refundedOf = (id: string) => before.filter((b) => b.orderItemId === id).reduce((n, b) => n + b.quantity, 0);
  const left = item.quantity - refundedOf(item.id);
  if (input.quantity > left) throw new AppError('REFUND_LINE_EXCEEDS_QUANTITY', { left });
  const shipped = SHIPPED.includes(pkg ? pkg.status : order.status);
  const leftAfter = (scope: ItemRow[]) => scope.reduce((n, i) => n + i.quantity - refundedOf(i.id), 0) - input.quantity;
  // Before anything ships, units refunded are units that never leave: back to whoever holds the stock.
  let emptied = false;
  if (!shipped) {
    if (!pkg && leftAfter(items) === 0) throw new AppError('REFUND_CANCEL_INSTEAD');
    emptied = Boolean(pkg) && leftAfter(items.filter((i) => i.fulfilmentId === pkg!.id)) === 0;
    const variantId = item.sourceVariantId ?? item.variantId;
    if (variantId)
      await releaseStockAcross(txCtx, [
        { storeId: item.supplierStoreId ?? txCtx.storeId, variantId, quantity: input.quantity },
      ]);
    await reverseSale(txCtx, [{ productId: item.productId, quantity: input.quantity }]);
  }
  const ownFee = pkg ? 0 : ((await orderSettlement(txCtx, orderId))?.feeCents ?? 0);
  const p = payment as PaymentRow & { providerRef: string };
  const refund = await requestLineRefund(txCtx, {
    orderId,
    paymentId: p.id,
    paymentAmountCents: p.amountCents,
    orderItemId: item.id,
    quantity: input.quantity,
    shares: mode,
    fulfilmentId: pkg?.id ?? null,
    supplierStoreId: item.supplierStoreId,
    shipped,
    shippedPackages: packages.filter((x) => x.id !== pkg?.id && SHIPPED.includes(x.status)).map((x) => x.id),
    pkg: linePackage(order, items, pkg, before, ownFee),
    reason: input.reason,
    ...(emptied ? { reversePackage: { parties: suppliersOf(packages) } } : {}),
  });
  if (emptied) {
    // Nothing of the package is left to ship: it ends, and the order follows its other packages.
    await txCtx.db
      .update(fulfilments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(fulfilments.id, pkg!.id), eq(fulfilments.storeId, txCtx.storeId)));
    pkg!.status = 'cancelled';
    await followPackages(txCtx, orderId, packages, ctx.actor?.userId ?? null, ctx.config.BALANCE_RELEASE_DAYS * 86_400);
  }
  // The buyer hears of it once, whoever refunded: the email is enqueued with the refund row (nothing for a rollback).
  await enqueue(
    txCtx.db,
    'order-email',
    { storeId: txCtx.storeId, orderId, kind: 'line_refund', refundId: refund.id, withShipping: emptied },
    { singletonKey: `line-refund:${refund.id}` },
  );
  return { refund, providerRef: p.providerRef };
}

/**
 * The store refunds `input.quantity` units of line `input.orderItemId` of its order `orderId` (decision 147; the
 * rules in this file's header). Returns the refund as it ended. Throws ORDER_NOT_FOUND, ORDER_LINE_NOT_FOUND (404),
 * REFUND_LINE_NOT_ALLOWED (409), REFUND_LINE_EXCEEDS_QUANTITY (422, left), REFUND_CANCEL_INSTEAD (409: every unit left
 * of an order that has not shipped), REFUND_EXCEEDS_REFUNDABLE (422, max), REFUND_NOT_COVERED (422: a share was paid
 * out).
 */
export async function refundOrderLine(
  ctx: StoreContext,
  orderId: string,
  input: LineRefundRequest,
): Promise<RefundView> {
  const { refund, providerRef } = await runTransaction(ctx.db, (tx) =>
    refundLineLocked(ctx, withTx(ctx, tx), orderId, input, { by: 'store' }),
  );
  return sendRefund(ctx, refund.id, providerRef);
}

/**
 * A supplier refunds units of its own line of purchase order `fulfilmentId` (a package it ships of a reseller's
 * order): every party's share of them is reversed (decision 147). The refund is the reseller's order's, recorded in
 * its store. Throws FULFILMENT_NOT_FOUND (not this supplier's, or not paid yet), ORDER_LINE_NOT_FOUND (a line of
 * another package), and what refundOrderLine throws.
 */
export async function refundPurchaseOrderLine(
  ctx: StoreContext,
  fulfilmentId: string,
  input: LineRefundRequest,
): Promise<RefundView> {
  const [found] = await ctx.db
    .select({ orderId: fulfilments.orderId, storeId: fulfilments.storeId })
    .from(fulfilments)
    .where(
      and(
        eq(fulfilments.id, fulfilmentId),
        eq(fulfilments.supplierStoreId, ctx.storeId),
        ne(fulfilments.status, 'pending'),
      ),
    )
    .limit(1);
  if (!found) throw new AppError('FULFILMENT_NOT_FOUND');
  const orderCtx = { ...ctx, storeId: found.storeId };
  const { refund, providerRef } = await runTransaction(ctx.db, (tx) =>
    refundLineLocked(orderCtx, withTx(orderCtx, tx), found.orderId, input, {
      by: 'supplier',
      supplierStoreId: ctx.storeId,
      fulfilmentId,
    }),
  );
  return sendRefund(orderCtx, refund.id, providerRef);
}

/** Tries a failed refund again. Throws REFUND_NOT_FOUND, REFUND_IN_PROGRESS (409). */
export async function retryRefund(ctx: StoreContext, orderId: string, refundId: string): Promise<RefundView> {
  await loadOrder(ctx, orderId);
  const refund = await getRefund(ctx, refundId);
  if (refund.orderId !== orderId) throw new AppError('REFUND_NOT_FOUND');
  const payment = await getOrderPayment(ctx, orderId);
  if (!payment?.providerRef) throw new AppError('REFUND_NOT_ALLOWED');
  return sendRefund(ctx, refundId, payment.providerRef);
}

/**
 * The refunds of an order of the store, newest first, what can be refunded now as an amount (centavos; 0 when the
 * order is not on its way or delivered, or was not paid by card through the provider), and its lines with how each
 * may be refunded now (decision 147). Throws ORDER_NOT_FOUND.
 */
export async function orderRefunds(ctx: StoreContext, orderId: string): Promise<RefundList> {
  const order = await loadOrder(ctx, orderId);
  const refunds = await listRefunds(ctx, orderId);
  const payment = await getOrderPayment(ctx, orderId);
  const open = order.status === 'on_the_way' || order.status === 'delivered';
  const asked = refunds.reduce((n, r) => n + r.amountCents, 0);
  const paidThrough = Boolean(payment && isRefundable(ctx, payment) && asked < payment.amountCents);
  const refundableCents =
    open && payment && isRefundable(ctx, payment)
      ? (
          await refundable(ctx, {
            orderId,
            paymentId: payment!.id,
            paymentAmountCents: payment!.amountCents,
          })
        ).maxCents
      : 0;
  const [items, packages, before] = await Promise.all([
    ctx.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.storeId, ctx.storeId), eq(orderItems.orderId, orderId))),
    loadPackages(ctx, orderId),
    refundedUnits(ctx, orderId),
  ]);
  const lines: RefundableLine[] = items.map((i) => {
    const refundedQuantity = before.filter((b) => b.orderItemId === i.id).reduce((n, b) => n + b.quantity, 0);
    const pkg = i.fulfilmentId ? (packages.find((p) => p.id === i.fulfilmentId) ?? null) : null;
    const mode = paidThrough && refundedQuantity < i.quantity ? lineMode(order, i, pkg, 'store') : 'none';
    return {
      id: i.id,
      name: i.name,
      sku: i.sku,
      options: i.options,
      unitCents: i.unitPriceCents,
      quantity: i.quantity,
      refundedQuantity,
      fromSupplier: Boolean(i.supplierStoreId),
      mode,
    };
  });
  return { refunds, refundableCents, lines };
}
