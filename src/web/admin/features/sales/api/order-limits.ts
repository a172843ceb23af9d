/** What one unpaid order and one client may hold (decision 097): GET and PUT /api/admin/order-limits. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import type { OrderLimitsInput } from '../../../../../shared/contracts/order-limits';

const KEY = ['admin', 'order-limits'] as const;

export const orderLimitsQuery = () => queryOptions({ queryKey: KEY, queryFn: () => call(ordersRoutes.getOrderLimits) });

/** Saves the caps; the cached ones are replaced by the answer. Waits for the throttle. */
export function useSaveOrderLimits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderLimitsInput) => call(ordersRoutes.saveOrderLimits, { body: input, waitForThrottle: true }),
    onSuccess: (limits) => qc.setQueryData(KEY, limits),
  });
}
