/** Settling the sandbox bank's 3-D Secure challenge of a placed order. */
import { useMutation } from '@tanstack/react-query';
import { call, ApiError } from '../../../../lib/api-client';
import * as sandboxRoutes from '../../../../../shared/routes/sandbox';
import i18n from '../../../../lib/i18n';
import type { PlaceOrderResponse } from '../../../../../shared/contracts/checkout';
import { readPaymentOutcome } from './provider-client';

/**
 * The shopper answered the sandbox bank's 3-D Secure challenge: tells the sandbox, then reads how the order ended from
 * the server (never from the shopper's answer), asking the server to check with the provider when its notice has
 * not arrived yet. Resolves when the order is paid; throws ApiError IDEMPOTENCY_KEY_IN_PROGRESS while still pending
 * and THREE_D_SECURE_FAILED otherwise. Both POSTs wait for the throttle (they follow the order closely).
 */
export async function settleThreeDSecure(placed: PlaceOrderResponse, approved: boolean): Promise<PlaceOrderResponse> {
  const payment = placed.order.payment;
  if (!payment?.challengeId) throw new ApiError(422, 'THREE_D_SECURE_FAILED', i18n.t('errors:THREE_D_SECURE_FAILED'));
  try {
    await call(sandboxRoutes.sandboxAnswerChallenge, {
      params: { challengeId: payment.challengeId },
      body: { approved },
      waitForThrottle: true,
      redirectOn404: false,
    });
  } catch (err) {
    // Answered before, or too late: what the server knows below decides.
    if ((err as ApiError).status === 0) throw err;
  }
  return readPaymentOutcome(placed);
}

export function useSettleThreeDSecure() {
  return useMutation({
    mutationFn: ({ placed, approved }: { placed: PlaceOrderResponse; approved: boolean }) =>
      settleThreeDSecure(placed, approved),
  });
}
