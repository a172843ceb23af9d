/**
 * POST /api/pedido as named steps (/micarrito/pago; decisions 027-029): identify the buyer, claim the
 * idempotency key, create the order (new-order.ts), advance its payment at the provider, answer, and record the
 * answer under the key. Any step can be resumed: a retried submit whose first attempt died picks the order up where
 * it stopped. Amounts are integer centavos.
 */
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { OXXO_VOUCHER_VALID_DAYS } from '../../../shared/limits.js';
import type { PaymentConfirmation, PlaceOrderInput, PlaceOrderResponse } from '../../../shared/contracts/checkout.js';
import { providerForMethod, type ProviderPayment } from '../../providers/payments/index.js';
import { ensureProviderPayment, getOrderPayment, providerOf } from '../payments/index.js';
import { buildOrderView, loadOrder, settlePayment } from '../orders/index.js';
import { claimKey, completeKey, releaseKey, requestHash, type Claim } from './idempotency.js';
import { clientIpHash } from './limits.js';
import { createOrder, type Buyer } from './new-order.js';
import { resolveAddress } from './order-steps.js';

/** Errors that are the answer to this order (kept for the key); others (races, limits of the moment) are not. */
const TRANSIENT: string[] = ['CONFLICT', 'IDEMPOTENCY_KEY_IN_PROGRESS', 'RATE_LIMITED'];

/**
 * POST /api/pedido. Idempotent by `idempotencyKey` (decision 029): duplicates get the first result (201 with the order
 * as it is now, or the same 4xx), a different body under the key IDEMPOTENCY_KEY_REUSED. Creates the order (see
 * new-order.ts for its checks), then pays: an OXXO voucher is issued, or a card payment is created at the provider
 * and the answer's `confirmation` tells the browser how to confirm it with the provider (decision 056; the order
 * stays pending until the provider's webhook or POST /api/payments/:id/3ds says how it ended). Card data never
 * reaches this function: the route refuses a body with `card` (422 CARD_DATA_NOT_ACCEPTED; decision 086).
 * `meta.origin` is the storefront's origin for the emailed tracking link; `meta.ip` the client address, kept only as
 * a keyed hash for the unpaid-order limit. PAYMENTS_UNAVAILABLE (503) when no payment provider is configured.
 */
export async function placeOrder(
  ctx: StoreContext,
  input: PlaceOrderInput,
  meta: { origin?: string; ip?: string } = {},
): Promise<PlaceOrderResponse> {
  const buyer = identifyBuyer(ctx, input, meta);
  // A saved address that is not this buyer's is refused before the key is claimed, so that a request naming another
  // store's or person's address leaves nothing behind in this store (not even a failed checkout request).
  await resolveAddress(ctx, input, buyer.customerId);
  const claim = await claimKey(ctx, input.idempotencyKey, requestHash(input));
  if (claim.kind === 'done') return replay(ctx, claim);
  try {
    const orderId = claim.orderId ?? (await createOrder(ctx, input, buyer, claim));
    const p = await advancePayment(ctx, orderId);
    const result = await orderResult(ctx, orderId, p);
    await completeKey(ctx, claim, 201, { orderId });
    return result;
  } catch (e) {
    await keepOrReleaseKey(ctx, claim, e);
    throw e;
  }
}

/**
 * Step 1. Who is buying, before anything is claimed: the signed-in customer's email, else the guest's. Throws
 * PAYMENTS_UNAVAILABLE (no provider), VALIDATION_FAILED on `email` (a guest without one).
 */
function identifyBuyer(
  ctx: Pick<StoreContext, 'actor' | 'providers' | 'config'>,
  input: Pick<PlaceOrderInput, 'paymentMethod' | 'email'>,
  meta: { origin?: string; ip?: string },
): Buyer {
  // The chosen method needs its provider: the wallet is offered only when one is configured (decision 071).
  if (!providerForMethod(ctx.providers, input.paymentMethod)) throw new AppError('PAYMENTS_UNAVAILABLE');
  const customerId = ctx.actor?.role === 'customer' ? ctx.actor.userId : null;
  const email = customerId ? ctx.actor!.email : input.email;
  if (!email) throw new AppError('VALIDATION_FAILED', {}, [{ path: 'email', code: 'required', message: '' }]);
  return { email, customerId, origin: meta.origin ?? null, clientIpHash: clientIpHash(ctx.config, meta.ip) };
}

/** The first result under a key, answered again: the order as it is now, or the same error. */
async function replay(ctx: StoreContext, claim: Extract<Claim, { kind: 'done' }>): Promise<PlaceOrderResponse> {
  const { orderId, code, params, fields } = claim.response;
  if (claim.status === 201 && orderId) {
    const order = await loadOrder(ctx, orderId);
    const view = await buildOrderView(ctx, order);
    return { order: view, viewToken: order.viewToken ?? '', confirmation: await pendingConfirmation(ctx, orderId) };
  }
  throw new AppError((code ?? 'INTERNAL') as AppError['code'], params ?? {}, fields);
}

/**
 * Step 4. Moves an order's unfinished payment attempt on: creates it at the provider if it is not there yet (same
 * idempotency key, so never twice) and settles whatever the provider answers. Returns the provider's payment while it
 * waits for the browser to confirm it (requires_confirmation), else null. Does nothing for a payment that is already
 * under way or done. The server never charges a card itself (decision 086).
 */
async function advancePayment(ctx: StoreContext, orderId: string): Promise<ProviderPayment | null> {
  const payment = await getOrderPayment(ctx, orderId);
  if (!payment || payment.status !== 'processing') return null;
  const order = await loadOrder(ctx, orderId);
  // The wallet sends the buyer back to the storefront's return page, which captures (paths.ts checkoutWallet).
  const back = `${order.storefrontOrigin ?? ''}/micarrito/paypal?pedido=${order.id}&pago=${payment.id}`;
  const p = await ensureProviderPayment(ctx, payment, {
    description: `Pedido ${order.folio}`,
    expiresAt: new Date(Date.now() + OXXO_VOUCHER_VALID_DAYS * 86_400_000),
    billing: { name: order.address?.fullName ?? order.email, email: order.email },
    locale: ctx.locale,
    ...(payment.method === 'paypal' ? { returnUrl: back, cancelUrl: `${back}&cancelado=1` } : {}),
  });
  if (p.status === 'requires_confirmation') return p;
  await settlePayment(ctx, payment.id, p);
  return null;
}

/**
 * What the browser needs to confirm the order's payment with its provider (a card's client secret, a wallet's
 * approval page), or null (nothing to confirm).
 */
function confirmationOf(ctx: StoreContext, p: ProviderPayment | null): PaymentConfirmation | null {
  const provider = p && providerForMethod(ctx.providers, p.method);
  const c = p && provider?.clientConfirmation?.(p, ctx.locale);
  return c ? { ...c, provider: c.provider as PaymentConfirmation['provider'] } : null;
}

/** A retried submit: the confirmation again while the order's card payment still waits for the browser. */
async function pendingConfirmation(ctx: StoreContext, orderId: string): Promise<PaymentConfirmation | null> {
  const payment = await getOrderPayment(ctx, orderId);
  if (!payment || payment.status !== 'processing' || payment.method === 'oxxo' || !payment.providerRef) return null;
  const provider = providerOf(ctx, payment);
  if (!provider) return null;
  return confirmationOf(ctx, await provider.retrievePayment(payment.providerRef));
}

/** Step 5. The answer for a placed order; PAYMENT_DECLINED when its card was refused. */
async function orderResult(ctx: StoreContext, orderId: string, p: ProviderPayment | null): Promise<PlaceOrderResponse> {
  const order = await loadOrder(ctx, orderId);
  const view = await buildOrderView(ctx, order);
  if (view.payment?.status === 'failed')
    throw new AppError('PAYMENT_DECLINED', { folio: view.folio, reason: view.payment.failureCode });
  return { order: view, viewToken: order.viewToken ?? '', confirmation: confirmationOf(ctx, p) };
}

/**
 * On failure: an error that is this order's answer (a 4xx other than TRANSIENT) is kept under the key, so a retry
 * gets it again; anything else gives the key up so that a retry starts or resumes at once.
 */
async function keepOrReleaseKey(ctx: StoreContext, claim: { id: string; leaseId: string }, e: unknown): Promise<void> {
  if (e instanceof AppError && e.statusCode < 500 && !TRANSIENT.includes(e.code))
    await completeKey(ctx, claim, e.statusCode, { code: e.code, params: e.params, fields: e.fields });
  else await releaseKey(ctx, claim).catch(() => undefined);
}
