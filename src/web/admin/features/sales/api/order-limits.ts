/** What one unpaid order and one client may hold (decision 097): GET and PUT /api/admin/order-limits. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { OrderLimits, OrderLimitsInput } from '../../../../../shared/contracts/order-limits';

const KEY = ['admin', 'order-limits'] as const;

export const orderLimitsQuery = () =>
  queryOptions({ queryKey: KEY, queryFn: () => api.get<OrderLimits>('/api/admin/order-limits') });

/** Saves the caps; the cached ones are replaced by the answer. Waits for the throttle. */
export function useSaveOrderLimits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderLimitsInput) =>
      api.put<OrderLimits>('/api/admin/order-limits', input, { waitForThrottle: true }),
    onSuccess: (limits) => qc.setQueryData(KEY, limits),
  });
}
