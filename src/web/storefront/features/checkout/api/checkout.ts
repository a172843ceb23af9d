/**
 * The checkout's calls (SPEC §2 /micarrito/*): postal-code lookup, shipping rates, saving a new address, placing the
 * order (POST /api/pedido) and settling a 3-D Secure challenge. The cart quote, the saved addresses and the order view
 * are shared with other features (src/web/storefront/shared/api).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../../lib/api-client';
import i18n from '../../../../lib/i18n';
import { queryKeys } from '../../../../lib/query-keys';
import { fetchOrder } from '../../../shared/api/orders';
import type { CartLineInput } from '../../../shared/api/cart';
import type { Address, AddressInput, PostalCodeLookup } from '../../../../../shared/contracts/accounts';
import type {
  OrderView,
  PlaceOrderBody,
  PlaceOrderResponse,
  RateServiceResponse,
} from '../../../../../shared/contracts/checkout';

/** GET /api/postal-codes/:cp (SEPOMEX); 404 POSTAL_CODE_NOT_FOUND is shown under the field, never a redirect. */
export const postalCodeQuery = (cp: string) =>
  queryOptions({
    queryKey: queryKeys.postalCode(cp),
    queryFn: () => api.get<PostalCodeLookup>(`/api/postal-codes/${cp}`, { redirectOn404: false }),
    enabled: /^\d{5}$/.test(cp),
    retry: false,
    staleTime: Infinity,
  });

/** POST /api/reseller/packaging/rate-service: the shipping options for the cart to a postal code. */
export const shippingRatesQuery = (postalCode: string | undefined, items: CartLineInput[]) =>
  queryOptions({
    queryKey: queryKeys.shippingRates(postalCode, items),
    queryFn: () =>
      api.post<RateServiceResponse>(
        '/api/reseller/packaging/rate-service',
        { postalCode, items },
        { redirectOn404: false },
      ),
    enabled: Boolean(postalCode) && items.length > 0,
  });

/** POST /api/addresses: a signed-in customer's new address, saved, then the list is refreshed. */
export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: AddressInput) => api.post<Address>('/api/addresses', value),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}

/** POST /api/pedido (SPEC §9). The body carries the attempt's idempotency key; see payment-page.tsx for its life. */
export function usePlaceOrder() {
  return useMutation({ mutationFn: (body: PlaceOrderBody) => api.post<PlaceOrderResponse>('/api/pedido', body) });
}

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
