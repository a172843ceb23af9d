/** /micarrito/pago: placing the order. */
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as checkoutRoutes from '../../../../../shared/routes/checkout';
import type { PlaceOrderBody } from '../../../../../shared/contracts/checkout';

/**
 * POST /api/pedido: reserves stock and charges the card (or issues the OXXO voucher). The body carries the attempt's
 * idempotency key (use-payment-attempt.tsx decides when a new attempt starts).
 */
export function usePlaceOrder() {
  return useMutation({ mutationFn: (body: PlaceOrderBody) => call(checkoutRoutes.placeOrder, { body }) });
}
