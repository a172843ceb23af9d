/**
 * Order status changes with the transition table of order-status.ts (SPEC §4; decision 021). Every change locks the
 * order row first (the lock order of src/server/db/transaction.ts), so a payment, a cancellation and the sweep touching
 * one order run one after the other. Cancelling releases reserved stock exactly once; paying adds to best-seller
 * counters. A seller marking an unpaid order paid by hand voids its provider payment, so it cannot be paid twice.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { runTransaction } from '../../db/transaction.js';
import { orderItems, orderStatusHistory, orders } from '../../db/schema/index.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { assertTransition } from '../../lib/state-machine.js';
import type { OrderStatus, OrderView } from '../../../shared/contracts/checkout.js';
import { recordSale, releaseStock, reverseSale } from '../catalog/index.js';
import {
  closePayment,
  getOrderPayment,
  insertManualPayment,
  OPEN_STATUSES,
  refundCardPayment,
} from '../payments/index.js';
import { nextStatuses } from './order-status.js';
import { NOTIFIED_STATUSES } from './order-emails.js';
import { enqueue } from '../../jobs/queue.js';
import { getOrderForSeller, loadOrder, type OrderRow } from './orders.service.js';
import { reconcileOpenPayment } from './settlement.js';

/** The order row, locked until the transaction ends (SELECT … FOR UPDATE). Throws ORDER_NOT_FOUND. */
export async function lockOrder(tx: Tx, storeId: string, orderId: string): Promise<OrderRow> {
  const [r] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for('update');
  if (!r) throw new AppError('ORDER_NOT_FOUND');
  return r;
}

/** Moves a pending order's stock hold to `at` (3-D Secure asked, OXXO voucher issued). */
export async function setReservation(tx: Tx, storeId: string, orderId: string, at: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ reservationExpiresAt: at, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), eq(orders.status, 'pending')));
}

function transitionTable(shippingType: string): Record<OrderStatus, OrderStatus[]> {
  const all: OrderStatus[] = [
    'pending',
    'paid',
    'ready_to_ship',
    'on_the_way',
    'ready_for_pickup',
    'delivered',
    'cancelled',
  ];
  return Object.fromEntries(all.map((s) => [s, nextStatuses(s, shippingType)])) as Record<OrderStatus, OrderStatus[]>;
}

/**
 * Moves an order to `to` inside `tx` if the transition table allows it (INVALID_TRANSITION otherwise), the order row
 * locked first. Cancelling releases the order's stock and closes its open payment (expired); paying records the sale
 * and marks the time. Returns the order as it was before the change.
 */
export async function applyTransition(
  tx: Tx,
  storeId: string,
  orderId: string,
  to: OrderStatus,
  opts: { actorId?: string | null; trackingNumber?: string; note?: string } = {},
): Promise<OrderRow> {
  const order = await lockOrder(tx, storeId, orderId);
  const from = order.status as OrderStatus;
  assertTransition(transitionTable(order.shippingType), from, to);
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
  const items = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, orderId)));
  if (to === 'cancelled') {
    await releaseStock(tx, storeId, items);
    if (order.paidAt) await reverseSale(tx, storeId, items);
    const payment = await getOrderPayment(tx, storeId, orderId);
    if (payment) await closePayment(tx, payment, 'expired');
  }
  if (to === 'paid') await recordSale(tx, storeId, items);
  return order;
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
  const payment = await getOrderPayment(ctx.db, ctx.storeId, orderId);
  if (!payment || payment.method !== 'card' || payment.status !== 'succeeded') return;
  try {
    await refundCardPayment(ctx.db, ctx.providers, payment);
  } catch (err) {
    ctx.log.error({ err, orderId }, 'refund of a cancelled order failed');
  }
}

/**
 * Seller changes an order's status (POST /api/admin/orders/:id/status). Returns the new view. For an unpaid order,
 * paid or cancelled first voids its payment at the provider: if the provider says the money arrived meanwhile, that
 * payment is applied first (the order is then paid, and a cancellation refunds it). Marking paid by hand records the
 * cash as a manual payment and the voided voucher as canceled. Cancelling releases the stock, takes the units off the
 * best-seller counts if it was paid, refunds a card payment and tells the buyer.
 */
export async function changeOrderStatus(
  ctx: StoreContext,
  orderId: string,
  to: OrderStatus,
  trackingNumber?: string,
): Promise<OrderView> {
  const before = await loadOrder(ctx.db, ctx.storeId, orderId);
  if (before.status === 'pending' && (to === 'paid' || to === 'cancelled')) {
    // The seller's decision stands even if the provider cannot be reached now: money that still arrives later is
    // refunded (card) or shown as owed (cash) when its webhook comes.
    const outcome = await reconcileOpenPayment(ctx, before, 'seller').catch((err: unknown) => {
      ctx.log.warn({ err, orderId }, 'could not void the payment at the provider');
      return 'none' as const;
    });
    if (outcome === 'succeeded' && to === 'paid') return getOrderForSeller(ctx, orderId);
  }
  await runTransaction(ctx.db, async (tx) => {
    const was = await applyTransition(tx, ctx.storeId, orderId, to, {
      actorId: ctx.actor?.userId,
      trackingNumber,
      note: to === 'paid' ? 'paid_by_seller' : undefined,
    });
    if (to === 'paid' && was.status === 'pending') {
      const open = await getOrderPayment(tx, ctx.storeId, orderId);
      if (open && (OPEN_STATUSES as readonly string[]).includes(open.status)) await closePayment(tx, open, 'canceled');
      await insertManualPayment(tx, {
        storeId: ctx.storeId,
        orderId,
        method: was.paymentMethod as 'card' | 'oxxo',
        amountCents: was.totalCents,
      });
    }
    // The buyer's email is a job committed with the change. A cancellation's waits for the refund below (its text
    // says whether the money went back), so it is enqueued after it.
    if (to !== 'cancelled' && NOTIFIED_STATUSES.includes(to))
      await enqueue(tx, 'order-email', { storeId: ctx.storeId, orderId, kind: 'status', status: to });
  });
  if (to === 'cancelled') {
    await refundAfterCancel(ctx, orderId);
    await enqueue(ctx, 'order-email', { storeId: ctx.storeId, orderId, kind: 'status', status: to });
  }
  return getOrderForSeller(ctx, orderId);
}
