/** The seller's orders (SPEC §2 /admin/ventas, /admin/orderStatus). */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { OrderList, OrderStatus, OrderView } from '../../../../../shared/contracts/checkout';

/** GET /api/admin/orders?status=&page=; the previous page stays on screen while the next loads. */
export const adminOrdersQuery = (status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.orderList(status, page),
    queryFn: () => api.get<OrderList>('/api/admin/orders', { query: { status, page } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/orders/:id. */
export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.order(id),
    queryFn: () => api.get<OrderView>(`/api/admin/orders/${encodeURIComponent(id)}`),
    enabled: Boolean(id),
  });

/**
 * POST /api/admin/orders/:id/status (a tracking number goes with "on the way"). Waits for the SPEC §9 throttle: a
 * seller's status change may follow signing in closely. The answer replaces the cached order; the lists refresh.
 */
export function useChangeOrderStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ status, trackingNumber }: { status: OrderStatus; trackingNumber?: string }) =>
      api.post<OrderView>(
        `/api/admin/orders/${encodeURIComponent(id)}/status`,
        { status, trackingNumber },
        { waitForThrottle: true },
      ),
    onSuccess: (o) => {
      qc.setQueryData(queryKeys.admin.order(id), o);
      void qc.invalidateQueries({ queryKey: queryKeys.admin.orders() });
    },
  });
}
