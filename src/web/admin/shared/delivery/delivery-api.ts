/** An order's proof of delivery for the seller: read on the order page, recorded on /admin/entrega/:id. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as ordersRoutes from '../../../../shared/routes/orders';
import { adminQueryKeys } from '../query-keys';
import type { DeliveryProofInput } from '../../../../shared/contracts/balances';

/** GET /api/admin/orders/:id/delivery */
export const adminDeliveryQuery = (orderId: string) =>
  queryOptions({
    queryKey: adminQueryKeys.delivery(orderId),
    queryFn: () => call(ordersRoutes.getDeliveryProof, { params: { id: orderId } }),
    enabled: Boolean(orderId),
  });

/** POST /api/admin/orders/:id/delivery: records the proof; the order becomes delivered. */
export function useRecordDelivery(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliveryProofInput) =>
      call(ordersRoutes.recordDelivery, { params: { id: orderId }, body, waitForThrottle: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminQueryKeys.order(orderId) });
      void qc.invalidateQueries({ queryKey: adminQueryKeys.orders() });
      void qc.invalidateQueries({ queryKey: ['admin', 'balance'] });
    },
  });
}
