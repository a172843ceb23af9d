/**
 * The browser's side of a card payment (decision 056): the server created the payment and answered how to
 * confirm it with the provider (`PlaceOrderResponse.confirmation`); the card goes from here to the provider, never to
 * our server. This is the sandbox's tiny equivalent of Stripe.js `confirmCardPayment`: it posts the card with the
 * client secret to the sandbox's own confirm URL. Then the order's outcome is read from our server, which heard it
 * from the provider (signed webhook, or asking the provider on POST /api/payments/:id/3ds).
 */
import { call, ApiError } from '../../../../lib/api-client';
import * as checkoutRoutes from '../../../../../shared/routes/checkout';
import i18n from '../../../../lib/i18n';
import { fetchOrder } from '../../../shared/api/get-order';
import type { CardInput, PlaceOrderResponse } from '../../../../../shared/contracts/checkout';

/** The provider's answer to the browser's confirmation. */
export interface ProviderConfirmResult {
  status: string;
  /** Sandbox 3-D Secure: the challenge to answer at the sandbox bank. */
  challengeId: string | null;
}

/**
 * Sends the card to the provider's confirm URL with the payment's client secret (a provider call: not our API, so
 * not our client throttle). Throws ApiError PAYMENT_DECLINED when the provider refuses the request itself.
 */
export async function confirmWithProvider(placed: PlaceOrderResponse, card: CardInput): Promise<ProviderConfirmResult> {
  const c = placed.confirmation;
  if (!c?.confirmUrl) throw new ApiError(422, 'PAYMENT_DECLINED', i18n.t('errors:PAYMENT_DECLINED'));
  let res: Response;
  try {
    res = await fetch(c.confirmUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': c.locale },
      credentials: 'omit',
      body: JSON.stringify({ clientSecret: c.clientSecret, card }),
    });
  } catch {
    throw new ApiError(0, 'INTERNAL', i18n.t('common:networkError'));
  }
  if (!res.ok) throw new ApiError(res.status, 'PAYMENT_DECLINED', i18n.t('errors:PAYMENT_DECLINED'));
  return (await res.json()) as ProviderConfirmResult;
}

/**
 * How the order ended, as our server knows it from the provider: reads the order and, while it is still pending,
 * asks the server to check with the provider. Resolves when paid; throws ApiError IDEMPOTENCY_KEY_IN_PROGRESS while
 * still pending, THREE_D_SECURE_FAILED or PAYMENT_DECLINED otherwise.
 */
export async function readPaymentOutcome(placed: PlaceOrderResponse): Promise<PlaceOrderResponse> {
  const payment = placed.order.payment;
  let order = await fetchOrder(placed.order.id, placed.viewToken, { redirectOn404: false });
  if (order.status === 'pending' && payment)
    order = await call(checkoutRoutes.confirmThreeDSecure, {
      params: { id: payment.id },
      query: { viewToken: placed.viewToken },
      waitForThrottle: true,
    });
  if (order.status === 'paid') return { ...placed, order };
  if (order.status === 'pending')
    throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', i18n.t('errors:IDEMPOTENCY_KEY_IN_PROGRESS'));
  if (order.payment?.failureCode === 'three_d_secure_failed')
    throw new ApiError(422, 'THREE_D_SECURE_FAILED', i18n.t('errors:THREE_D_SECURE_FAILED'));
  throw new ApiError(422, 'PAYMENT_DECLINED', i18n.t('errors:PAYMENT_DECLINED'));
}
