/** Issue 2: settling the sandbox bank's 3-D Secure challenge of a placed order. */
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '../../../../lib/api-client';
import i18n from '../../../../lib/i18n';
import { fetchOrder } from '../../../shared/api/get-order';
import type { OrderView, PlaceOrderResponse } from '../../../../../shared/contracts/checkout';

/**
 * The shopper answered the sandbox bank's 3-D Secure challenge: tells the sandbox, then reads how the order ended from
 * the server (never from the shopper's answer), asking the server to check with the provider when its notice has
 * not arrived yet. Resolves when the order is paid; throws ApiError IDEMPOTENCY_KEY_IN_PROGRESS while still pending
 * and THREE_D_SECURE_FAILED otherwise. Both POSTs wait for the SPEC §9 throttle (they follow the order closely).
 */
export async function settleThreeDSecure(placed: PlaceOrderResponse, approved: boolean): Promise<PlaceOrderResponse> {
  const payment = placed.order.payment;
  if (!payment?.challengeId) throw new ApiError(422, 'THREE_D_SECURE_FAILED', i18n.t('errors:THREE_D_SECURE_FAILED'));
  try {
    await api.post(
      `/api/payments/sandbox/3ds/${payment.challengeId}`,
      { approved },
      { waitForThrottle: true, redirectOn404: false },
    );
  } catch (err) {
    // Answered before, or too late: what the server knows below decides.
    if ((err as ApiError).status === 0) throw err;
  }
  const viewToken = { viewToken: placed.viewToken };
  let order = await fetchOrder(placed.order.id, placed.viewToken, { redirectOn404: false });
  // The provider's notice has not reached the server yet: ask it to check with the provider.
  if (order.status === 'pending')
    order = await api.post<OrderView>(
      `/api/payments/${payment.id}/3ds`,
      {},
      { query: viewToken, waitForThrottle: true },
    );
  if (order.status === 'paid') return placed;
  if (order.status === 'pending')
    throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', i18n.t('errors:IDEMPOTENCY_KEY_IN_PROGRESS'));
  throw new ApiError(422, 'THREE_D_SECURE_FAILED', i18n.t('errors:THREE_D_SECURE_FAILED'));
}

export function useSettleThreeDSecure() {
  return useMutation({
    mutationFn: ({ placed, approved }: { placed: PlaceOrderResponse; approved: boolean }) =>
      settleThreeDSecure(placed, approved),
  });
}
