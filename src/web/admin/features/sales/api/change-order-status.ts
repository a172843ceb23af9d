/** /admin/orderStatus: moving an order to its next status. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { OrderStatus } from '../../../../../shared/contracts/checkout';

/**
 * POST /api/admin/orders/:id/status (a tracking number goes with "on the way"). Waits for the throttle: a
 * seller's status change may follow signing in closely. The answer replaces the cached order; the lists refresh.
 */
export function useChangeOrderStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ status, trackingNumber }: { status: OrderStatus; trackingNumber?: string }) =>
      call(ordersRoutes.changeOrderStatus, { params: { id }, body: { status, trackingNumber }, waitForThrottle: true }),
    onSuccess: (o) => {
      qc.setQueryData(adminQueryKeys.order(id), o);
      void qc.invalidateQueries({ queryKey: adminQueryKeys.orders() });
    },
  });
}
