/** /micarrito/pago: placing the order. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { PlaceOrderBody, PlaceOrderResponse } from '../../../../../shared/contracts/checkout';

/**
 * POST /api/pedido: reserves stock and charges the card (or issues the OXXO voucher). The body carries the attempt's
 * idempotency key (payment-page.tsx decides when a new attempt starts).
 */
export function usePlaceOrder() {
  return useMutation({ mutationFn: (body: PlaceOrderBody) => api.post<PlaceOrderResponse>('/api/pedido', body) });
}
