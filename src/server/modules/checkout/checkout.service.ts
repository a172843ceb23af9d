/**
 * Checkout (/micarrito/*, stock and minimum messages, payments and shipping; decisions 027-029): prices a
 * cart against current stock, finishes a 3-D Secure payment, shows an OXXO voucher and applies providers' webhooks.
 * Placing an order is place-order.ts (its steps: new-order.ts, order-steps.ts). Totals are integer centavos.
 */
import type { BaseContext, StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { lineTotalCents } from '../../../shared/money.js';
import type {
  CartLine,
  CartQuoteResponse,
  OrderView,
  PaymentClientConfig,
} from '../../../shared/contracts/checkout.js';
import { captureApproved, findPaymentForProvider, getPayment } from '../payments/index.js';
import { providerNamed } from '../../providers/payments/index.js';
import { getOrderForBuyer, loadOrder, reconcileOpenPayment, settlePayment } from '../orders/index.js';
import { lineProblem } from './order-steps.js';
import { variantsForSale } from './sold-variants.js';
import { priceCoupon } from '../coupons/index.js';
import type { CouponCheckResponse } from '../../../shared/contracts/coupons.js';

/** POST /api/cart/quote: current price, stock and problems of each cart line (nothing is reserved). */
export async function quoteCart(ctx: StoreContext, items: CartLine[]): Promise<CartQuoteResponse> {
  const variants = await variantsForSale(
    ctx,
    items.map((i) => i.sku),
  );
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  const lines = items.map((i) => {
    const v = bySku.get(i.sku);
    const valid = v && v.codigo === i.codigo ? v : undefined;
    return {
      codigo: i.codigo,
      sku: i.sku,
      name: valid?.name ?? i.codigo,
      image: valid?.imageUrl ?? null,
      options: valid?.options ?? {},
      unitPriceCents: valid?.priceCents ?? 0,
      quantity: i.quantity,
      lineTotalCents: valid ? lineTotalCents(valid.priceCents, i.quantity) : 0,
      stock: valid?.stock ?? 0,
      minOrderQty: valid?.minOrderQty ?? 1,
      problem: lineProblem(valid, i.quantity),
    };
  });
  return { lines, itemsCents: lines.reduce((s, l) => s + (l.problem ? 0 : l.lineTotalCents), 0) };
}

/**
 * POST /api/cart/coupon: what `code` takes off the products of this cart now (lines with a problem do not count);
 * nothing is reserved: the use is taken when the order is placed. Throws COUPON_NOT_VALID {reason}.
 */
export async function checkCoupon(ctx: StoreContext, code: string, items: CartLine[]): Promise<CouponCheckResponse> {
  const { itemsCents } = await quoteCart(ctx, items);
  const coupon = await priceCoupon(ctx, code, itemsCents);
  return { code: coupon.code, discountCents: coupon.discountCents, itemsCents };
}

/**
 * POST /api/payments/:id/3ds, once the shopper answered the 3-D Secure challenge at the bank: asks the provider how
 * the payment ended and settles it (the webhook usually did already). Returns the order (paid, or still pending if the
 * challenge is unanswered). Throws THREE_D_SECURE_FAILED (the order is cancelled, stock released), PAYMENT_DECLINED,
 * ORDER_NOT_FOUND unless the caller may read the order.
 */
export async function confirmThreeDSecure(
  ctx: StoreContext,
  paymentId: string,
  viewToken?: string,
): Promise<OrderView> {
  const payment = await getPayment(ctx, paymentId);
  await getOrderForBuyer(ctx, payment.orderId, viewToken);
  const order = await loadOrder(ctx, payment.orderId);
  if (order.status === 'pending') await reconcileOpenPayment(ctx, order, 'refresh');
  const now = await getPayment(ctx, paymentId);
  if (now.status === 'failed')
    throw new AppError(now.failureCode === 'three_d_secure_failed' ? 'THREE_D_SECURE_FAILED' : 'PAYMENT_DECLINED');
  return getOrderForBuyer(ctx, payment.orderId, viewToken);
}

/**
 * GET /api/payments/client-config: the provider whose card form the checkout page shows (decision 056) and, for
 * Stripe, the publishable key for Stripe.js. Public: nothing in it is secret.
 */
export function paymentClientConfig(ctx: Pick<BaseContext, 'providers'>): PaymentClientConfig {
  const p = ctx.providers.payments;
  const provider = p.name === 'stripe' || p.name === 'sandbox' ? p.name : 'none';
  const w = ctx.providers.wallet;
  const wallet = w?.name === 'paypal' || w?.name === 'sandbox' ? w.name : null;
  return { provider, publishableKey: p.publishableKey ?? null, wallet };
}

/**
 * POST /api/payments/:id/capture: the buyer is back from the wallet (PayPal's return URL). The provider says whether
 * the buyer approved; an approved payment of a pending order is captured (once, whatever the number of returns: the
 * capture's idempotency key is the payment's) and settled. Returns the order: paid, still pending (not approved yet:
 * the buyer may come back, or the sweep voids it), or cancelled. Throws PAYMENT_NOT_FOUND (not a wallet payment),
 * ORDER_NOT_FOUND unless the caller may read the order, PAYMENT_DECLINED when the wallet refused the capture.
 */
export async function captureWalletPayment(
  ctx: StoreContext,
  paymentId: string,
  viewToken?: string,
): Promise<OrderView> {
  const payment = await getPayment(ctx, paymentId);
  await getOrderForBuyer(ctx, payment.orderId, viewToken);
  if (payment.method !== 'paypal') throw new AppError('PAYMENT_NOT_FOUND');
  const order = await loadOrder(ctx, payment.orderId);
  if (order.status === 'pending') await reconcileOpenPayment(ctx, order, 'refresh');
  const now = await getPayment(ctx, paymentId);
  if (now.status === 'failed') throw new AppError('PAYMENT_DECLINED');
  return getOrderForBuyer(ctx, payment.orderId, viewToken);
}

/** The OXXO voucher of an order (GET /api/oxxopay/:orderId). Throws ORDER_NOT_FOUND or PAYMENT_NOT_FOUND. */
export async function getOxxoVoucher(ctx: StoreContext, orderId: string, viewToken?: string): Promise<OrderView> {
  const view = await getOrderForBuyer(ctx, orderId, viewToken);
  if (view.payment?.method !== 'oxxo') throw new AppError('PAYMENT_NOT_FOUND');
  return view;
}

/**
 * POST /api/payments/webhooks/:provider: a provider's notice about a payment. The provider checks the signature on
 * the raw body (WEBHOOK_SIGNATURE_INVALID otherwise; NOT_FOUND for a provider that is not configured); the event is
 * applied once however often it is sent (payment_events). An event about a payment we do not know is acknowledged
 * and ignored, so the provider stops sending it.
 */
export async function handlePaymentWebhook(
  ctx: BaseContext,
  providerName: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: true; duplicate: boolean }> {
  const provider = providerNamed(ctx.providers, providerName);
  if (!provider) throw new AppError('NOT_FOUND');
  const event = await provider.parseWebhook(rawBody, headers);
  // A provider whose events may arrive late or out of order (Stripe) is asked how the payment stands now.
  if (provider.refetchOnWebhook && event.payment.providerRef) {
    const current = await provider.retrievePayment(event.payment.providerRef);
    if (current) event.payment = current;
  }
  const payment = await findPaymentForProvider(ctx, provider.name, event.payment);
  if (!payment) {
    ctx.log.warn({ eventId: event.id, providerRef: event.payment.providerRef }, 'webhook for an unknown payment');
    return { received: true, duplicate: false };
  }
  // A wallet payment the buyer approved is captured here too (the buyer may never come back to the store).
  const p = await captureApproved(ctx, payment, event.payment);
  const r = await settlePayment({ ...ctx, storeId: payment.storeId }, payment.id, p, {
    event: { provider: provider.name, id: event.id, type: event.type },
  });
  return { received: true, duplicate: r.duplicate };
}
