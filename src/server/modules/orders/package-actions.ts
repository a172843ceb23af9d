/**
 * Moving a marketplace order's package (decision 135): the store ships its own package from the order's page, a
 * supplier ships or rejects its package from "Pedidos de revendedores". Each change locks the order row first (one
 * lock order), so two moves of one order, a cancellation and a payment run one after the other; a package shipped
 * twice or by the wrong store is refused. The order's status then follows its packages. A rejected package gives its
 * units back to the supplier, reverses every party's share of it (decision 136) and refunds its part to the buyer's
 * card after the commit.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { fulfilments } from '../../db/schema/orders.js';
import { withTx, type StoreContext, type StoreTxContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { runTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/queue.js';
import type { FulfilmentStatus, OrderStatus } from '../../../shared/contracts/checkout.js';
import { releaseStockAcross } from '../catalog/index.js';
import { postSharesReversed, recordOwedRefund, sendRefund } from '../balances/index.js';
import { getOrderPayment, REFUNDABLE_METHODS } from '../payments/index.js';
import { applyTransition, lockOrder } from './transitions.js';
import { NOTIFIED_STATUSES } from './order-emails.js';
import { linesOfPackages, loadPackages, statusFromPackages, suppliersOf, type PackageRow } from './packages.js';

/** Who moves the package: the order's store (its own package) or the supplier that ships it. */
export type PackageSide = 'own' | 'supplier';

/** What a package may become next, and who may move it there. */
const NEXT: Partial<Record<FulfilmentStatus, { to: FulfilmentStatus; by: PackageSide[] }[]>> = {
  paid: [
    { to: 'ready_to_ship', by: ['own', 'supplier'] },
    { to: 'rejected', by: ['supplier'] },
  ],
  ready_to_ship: [
    { to: 'on_the_way', by: ['own', 'supplier'] },
    { to: 'rejected', by: ['supplier'] },
  ],
  on_the_way: [{ to: 'delivered', by: ['own', 'supplier'] }],
};

/** The statuses `side` may move a package in `status` to. */
export function nextPackageStatuses(status: FulfilmentStatus, side: PackageSide): FulfilmentStatus[] {
  return (NEXT[status] ?? []).filter((n) => n.by.includes(side)).map((n) => n.to);
}

/** The order statuses a shipped order passes through, in order. */
const ORDER_STEPS: OrderStatus[] = ['paid', 'ready_to_ship', 'on_the_way', 'delivered'];

/** The package `id` as `side` of `ctx.storeId` may see it. Throws FULFILMENT_NOT_FOUND. */
async function findPackage(ctx: StoreTxContext, id: string, side: PackageSide): Promise<PackageRow> {
  const [row] = await ctx.db
    .select()
    .from(fulfilments)
    .where(
      side === 'supplier'
        ? and(eq(fulfilments.id, id), eq(fulfilments.supplierStoreId, ctx.storeId))
        : and(eq(fulfilments.id, id), eq(fulfilments.storeId, ctx.storeId), isNull(fulfilments.supplierStoreId)),
    )
    .limit(1);
  if (!row) throw new AppError('FULFILMENT_NOT_FOUND');
  return row;
}

/** A package's new status with what it carries. */
export interface PackageMove {
  status: FulfilmentStatus;
  trackingNumber?: string;
  reason?: string;
}

/**
 * Moves package `id` to `move.status` for `side` of the context's store. Returns the package's order id and store.
 * Throws FULFILMENT_NOT_FOUND (not this store's to move), FULFILMENT_TRANSITION {from, to} (not allowed now, by this
 * side, or already done).
 */
export async function movePackage(
  ctx: StoreContext,
  id: string,
  side: PackageSide,
  move: PackageMove,
): Promise<{ orderId: string; storeId: string }> {
  const found = await runTransaction(ctx.db, async (tx) => findPackage(withTx(ctx, tx), id, side));
  const orderCtx = { ...ctx, storeId: found.storeId };
  const refund = await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(orderCtx, tx);
    await lockOrder(txCtx, found.orderId);
    const packages = await loadPackages(txCtx, found.orderId);
    const p = packages.find((x) => x.id === id)!;
    const from = p.status as FulfilmentStatus;
    if (!nextPackageStatuses(from, side).includes(move.status))
      throw new AppError('FULFILMENT_TRANSITION', { from, to: move.status });
    const now = new Date();
    await tx
      .update(fulfilments)
      .set({
        status: move.status,
        updatedAt: now,
        ...(move.trackingNumber ? { trackingNumber: move.trackingNumber } : {}),
        ...(move.status === 'on_the_way' ? { shippedAt: now } : {}),
        ...(move.status === 'delivered' ? { deliveredAt: now } : {}),
        ...(move.status === 'rejected' ? { rejectReason: move.reason ?? null } : {}),
      })
      .where(and(eq(fulfilments.id, id), eq(fulfilments.storeId, found.storeId)));
    p.status = move.status;
    if (move.status === 'delivered')
      await enqueue(
        tx,
        'package-release',
        { storeId: found.storeId, orderId: found.orderId, fulfilmentId: id },
        { startAfter: ctx.config.BALANCE_RELEASE_DAYS * 86_400, singletonKey: `package-release:${id}` },
      );
    const owed = move.status === 'rejected' ? await rejectPackage(txCtx, p, packages, move.reason) : null;
    if (move.status === 'rejected')
      await enqueue(tx, 'package-email', { storeId: found.storeId, fulfilmentId: id, kind: 'rejected' });
    await followPackages(
      txCtx,
      found.orderId,
      packages,
      ctx.actor?.userId ?? null,
      ctx.config.BALANCE_RELEASE_DAYS * 86_400,
    );
    return owed;
  });
  if (refund)
    await sendRefund(orderCtx, refund.id, refund.providerRef).catch((err: unknown) => {
      // The refund stays failed or processing: the sweep and the seller's retry send it again.
      ctx.log.warn({ err, orderId: found.orderId }, 'refund of a rejected package not sent');
    });
  return { orderId: found.orderId, storeId: found.storeId };
}

/**
 * A supplier rejected package `p`: its units go back to the supplier, every party's share of it is reversed and owed
 * to the buyer, and a card or wallet payment gets a refund of that amount (sent after the commit).
 */
async function rejectPackage(
  ctx: StoreTxContext,
  p: PackageRow,
  packages: PackageRow[],
  reason: string | undefined,
): Promise<{ id: string; providerRef: string } | null> {
  const lines = await linesOfPackages(ctx, p.orderId, [p.id]);
  await releaseStockAcross(
    ctx,
    lines.flatMap((l) =>
      l.sourceVariantId && l.supplierStoreId
        ? [{ storeId: l.supplierStoreId, variantId: l.sourceVariantId, quantity: l.quantity }]
        : [],
    ),
  );
  const owed = await postSharesReversed(ctx, {
    orderId: p.orderId,
    parties: suppliersOf(packages),
    fulfilmentId: p.id,
  });
  const payment = await getOrderPayment(ctx, p.orderId);
  if (
    owed <= 0 ||
    !payment ||
    payment.status !== 'succeeded' ||
    !payment.providerRef ||
    !(REFUNDABLE_METHODS as readonly string[]).includes(payment.method)
  )
    return null;
  const refund = await recordOwedRefund(ctx, {
    orderId: p.orderId,
    paymentId: payment.id,
    amountCents: owed,
    reason: reason ?? 'package_rejected',
  });
  return { id: refund.id, providerRef: payment.providerRef };
}

/**
 * The order's status caught up with its packages (decision 135), one allowed step at a time; cancelled when no
 * package is left to ship (every package's part was refunded with its rejection or its lines' refunds, so nothing
 * more is). Call with the order row locked.
 */
export async function followPackages(
  ctx: StoreTxContext,
  orderId: string,
  packages: PackageRow[],
  actorId: string | null,
  releaseSeconds: number,
): Promise<void> {
  const target = statusFromPackages(packages);
  if (!target) return;
  const order = await lockOrder(ctx, orderId);
  if (target === 'cancelled') {
    if (order.status !== 'cancelled')
      await applyTransition(ctx, orderId, 'cancelled', { actorId, note: 'packages_rejected', fromPackages: true });
    return;
  }
  let at = ORDER_STEPS.indexOf(order.status as OrderStatus);
  const goal = ORDER_STEPS.indexOf(target);
  while (at >= 0 && at < goal) {
    at++;
    await applyTransition(ctx, orderId, ORDER_STEPS[at], {
      actorId,
      note: 'packages',
      fromPackages: true,
      releaseAfterSeconds: releaseSeconds,
    });
    // The buyer hears of the order's progress as with any order (on its way, delivered).
    if (NOTIFIED_STATUSES.includes(ORDER_STEPS[at]))
      await enqueue(ctx.db, 'order-email', { storeId: ctx.storeId, orderId, kind: 'status', status: ORDER_STEPS[at] });
  }
}
