/** /admin/ventas: the store's orders, newest first. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { OrderList, OrderStatus } from '../../../../../shared/contracts/checkout';

/** GET /api/admin/orders?status=&page=; the previous page stays on screen while the next loads. */
export const adminOrdersQuery = (status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.orderList(status, page),
    queryFn: () => api.get<OrderList>('/api/admin/orders', { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
