/**
 * The one way an order becomes paid (decisions 046, 095, 096). Every path — a provider's webhook, the browser's
 * return, 3-D Secure, a wallet capture, an OXXO voucher paid at the counter, the payment sweep, the seller marking it
 * paid by hand, a zero total — ends here, inside the transaction that holds the order row locked, so each posts the
 * same ledger transaction: `order:<id>:paid` (the buyer's money, the store's share, Vitrina's fee of the products
 * after the coupon at the order's rate, and what the payment provider kept of it, Vitrina's cost: decision 147), once
 * however often it is called.
 */
import type { StoreTxContext } from '../../lib/context.js';
import { platformFeeBaseCents, providerFeeCents } from '../../../shared/money.js';
import type { PaymentRow } from '../payments/index.js';
import { postOrderCollected, postOrderPaid, postSharedOrderPaid } from '../balances/index.js';
import type { OrderRow } from './orders.service.js';
import { applyTransition } from './transitions.js';
import { followOrder, loadPackages, packageShares } from './packages.js';
import { enqueue } from '../../jobs/queue.js';

/**
 * Moves pending order `order` to paid with payment `payment` (succeeded) and posts its ledger entry: the sale is the
 * payment's amount, the fee the order's rate of its products after the coupon, the provider's fee what its method
 * costs (providerFeeCents; none for cash by hand or a zero total). Cash the seller took by hand (provider `manual`) is
 * also posted as collected by the store: the platform holds none of it. Call with the order row locked.
 * Throws INVALID_TRANSITION when the order is not pending.
 */
export async function markOrderPaid(
  ctx: StoreTxContext,
  order: OrderRow,
  payment: Pick<PaymentRow, 'provider' | 'method' | 'amountCents'>,
  opts: { note: string; actorId?: string | null },
): Promise<void> {
  await applyTransition(ctx, order.id, 'paid', { note: opts.note, actorId: opts.actorId });
  const packages = await loadPackages(ctx, order.id);
  const providerFee = providerFeeCents(payment);
  // A marketplace order splits its payment between the store, its suppliers and Vitrina (decision 136).
  if (packages.length) await followOrder(ctx, order.id, 'paid');
  const posted = packages.length
    ? await postSharedOrderPaid(ctx, {
        orderId: order.id,
        storeId: ctx.storeId,
        amountCents: payment.amountCents,
        oxxoFeeCents: order.feeCents,
        resellerFeeBps: order.platformFeeBps,
        packages: packageShares(packages),
        providerFeeCents: providerFee,
      })
    : await postOrderPaid(ctx, {
        orderId: order.id,
        amountCents: payment.amountCents,
        feeBaseCents: platformFeeBaseCents(order),
        feeBps: order.platformFeeBps,
        providerFeeCents: providerFee,
      });
  // Each supplier hears of its new purchase order once the order is paid.
  if (posted)
    for (const p of packages.filter((x) => x.supplierStoreId))
      await enqueue(ctx.db, 'package-email', { storeId: ctx.storeId, fulfilmentId: p.id, kind: 'purchase_order' });
  // In the same transaction as its paid entry, never on its own: the cash belongs to that sale.
  if (posted && payment.provider === 'manual')
    await postOrderCollected(ctx, { orderId: order.id, amountCents: payment.amountCents });
}
