/**
 * Checkout (SPEC §2 /micarrito/*, §5 stock and minimum messages, §9 payments and shipping; decisions 027-029): prices a
 * cart against current stock, and places an order — idempotent by key, stock reserved atomically, the payment attempt
 * recorded before the provider is called — then charges the card or issues an OXXO voucher. Any step can be resumed:
 * a retried submit whose first attempt died picks the order up where it stopped. Totals are integer centavos.
 */
import type { BaseContext, StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { lineTotalCents } from '../../../shared/money.js';
import { OXXO_VOUCHER_VALID_DAYS } from '../../../shared/limits.js';
import type { CartQuoteResponse, OrderView, PlaceOrderResponse } from '../../../shared/contracts/checkout.js';
import type { AddressInput } from '../../../shared/contracts/accounts.js';
import type { CardInput } from '../../providers/payments/index.js';
import { getVariantsForCheckout } from '../catalog/index.js';
import {
  confirmCard,
  ensureProviderPayment,
  findPaymentForProvider,
  getOrderPayment,
  getPayment,
} from '../payments/index.js';
import { buildOrderView, getOrderForBuyer, loadOrder, reconcileOpenPayment, settlePayment } from '../orders/index.js';
import { claimKey, completeKey, releaseKey, requestHash, type Claim } from './idempotency.js';
import { clientIpHash } from './limits.js';
import { createOrder, lineProblem, type Line } from './new-order.js';

/** POST /api/cart/quote: current price, stock and problems of each cart line (nothing is reserved). */
export async function quoteCart(ctx: StoreContext, items: Line[]): Promise<CartQuoteResponse> {
  const variants = await getVariantsForCheckout(
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

export interface PlaceOrderInput {
  idempotencyKey: string;
  items: Line[];
  email?: string;
  addressId?: string;
  address?: AddressInput;
  shipping: { servicio: 'economico' | 'paquete' | 'pickup' };
  paymentMethod: 'card' | 'oxxo';
  card?: CardInput;
  expectedTotalCents?: number;
}

/** Errors that are the answer to this order (kept for the key); others (races, limits of the moment) are not. */
const TRANSIENT: string[] = ['CONFLICT', 'IDEMPOTENCY_KEY_IN_PROGRESS', 'RATE_LIMITED'];

/**
 * POST /api/pedido. Idempotent by `idempotencyKey` (decision 029): duplicates get the first result (201 with the order
 * as it is now, or the same 4xx), a different body under the key IDEMPOTENCY_KEY_REUSED. Creates the order (see
 * new-order.ts for its checks), then pays: a card is charged (approved: paid and the confirmation emailed; 3-D Secure:
 * pending with the challenge; declined: cancelled, stock released, PAYMENT_DECLINED) or an OXXO voucher issued.
 * `meta.origin` is the storefront's origin for the emailed tracking link; `meta.ip` the client address, kept only as
 * a keyed hash for the unpaid-order limit. PAYMENTS_UNAVAILABLE (503) when no payment provider is configured.
 */
export async function placeOrder(
  ctx: StoreContext,
  input: PlaceOrderInput,
  meta: { origin?: string; ip?: string } = {},
): Promise<PlaceOrderResponse> {
  if (ctx.providers.payments.name === 'none') throw new AppError('PAYMENTS_UNAVAILABLE');
  if (input.paymentMethod === 'card' && !input.card) {
    throw new AppError('VALIDATION_FAILED', {}, [{ path: 'card', code: 'required', message: '' }]);
  }
  const customerId = ctx.actor?.role === 'customer' ? ctx.actor.userId : null;
  const email = customerId ? ctx.actor!.email : input.email;
  if (!email) throw new AppError('VALIDATION_FAILED', {}, [{ path: 'email', code: 'required', message: '' }]);

  const claim = await claimKey(ctx, input.idempotencyKey, requestHash(input));
  if (claim.kind === 'done') return replay(ctx, claim);
  try {
    const orderId =
      claim.orderId ??
      (await createOrder(
        ctx,
        input,
        { email, customerId, origin: meta.origin ?? null, clientIpHash: clientIpHash(ctx.config, meta.ip) },
        claim,
      ));
    await advancePayment(ctx, orderId, input.card);
    const result = await orderResult(ctx, orderId);
    await completeKey(ctx, claim, 201, { orderId });
    return result;
  } catch (e) {
    if (e instanceof AppError && e.statusCode < 500 && !TRANSIENT.includes(e.code))
      await completeKey(ctx, claim, e.statusCode, { code: e.code, params: e.params, fields: e.fields });
    else await releaseKey(ctx, claim).catch(() => undefined);
    throw e;
  }
}

/** The first result under a key, answered again: the order as it is now, or the same error. */
async function replay(ctx: StoreContext, claim: Extract<Claim, { kind: 'done' }>): Promise<PlaceOrderResponse> {
  const { orderId, code, params, fields } = claim.response;
  if (claim.status === 201 && orderId) {
    const order = await loadOrder(ctx, orderId);
    return { order: await buildOrderView(ctx, order), viewToken: order.viewToken ?? '' };
  }
  throw new AppError((code ?? 'INTERNAL') as AppError['code'], params ?? {}, fields);
}

/** The answer for a placed order; PAYMENT_DECLINED when its card was refused. */
async function orderResult(ctx: StoreContext, orderId: string): Promise<PlaceOrderResponse> {
  const order = await loadOrder(ctx, orderId);
  const view = await buildOrderView(ctx, order);
  if (view.payment?.status === 'failed')
    throw new AppError('PAYMENT_DECLINED', { folio: view.folio, reason: view.payment.failureCode });
  return { order: view, viewToken: order.viewToken ?? '' };
}

/**
 * Moves an order's unfinished payment attempt on: creates it at the provider if it is not there yet (same idempotency
 * key, so never twice), charges the card when it is still unconfirmed and the card is at hand, and settles whatever
 * the provider answers. Does nothing for a payment that is already under way or done.
 */
async function advancePayment(ctx: StoreContext, orderId: string, card?: CardInput): Promise<void> {
  const payment = await getOrderPayment(ctx, orderId);
  if (!payment || payment.status !== 'processing') return;
  const order = await loadOrder(ctx, orderId);
  let p = await ensureProviderPayment(ctx, payment, {
    description: `Pedido ${order.folio}`,
    expiresAt: new Date(Date.now() + OXXO_VOUCHER_VALID_DAYS * 86_400_000),
  });
  if (p.status === 'requires_confirmation') {
    if (!card) return;
    p = await confirmCard(ctx, p.providerRef, card);
  }
  await settlePayment(ctx, payment.id, p);
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
  const provider = ctx.providers.payments;
  if (provider.name !== providerName || provider.name === 'none') throw new AppError('NOT_FOUND');
  const event = provider.parseWebhook(rawBody, headers);
  const payment = await findPaymentForProvider(ctx, provider.name, event.payment);
  if (!payment) {
    ctx.log.warn({ eventId: event.id, providerRef: event.payment.providerRef }, 'webhook for an unknown payment');
    return { received: true, duplicate: false };
  }
  const r = await settlePayment({ ...ctx, storeId: payment.storeId }, payment.id, event.payment, {
    event: { provider: provider.name, id: event.id, type: event.type },
  });
  return { received: true, duplicate: r.duplicate };
}
