/** /admin/ventas: the store's orders, newest first. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { OrderStatus } from '../../../../../shared/contracts/checkout';

/** GET /api/admin/orders?status=&page=; the previous page stays on screen while the next loads. */
export const adminOrdersQuery = (status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: adminQueryKeys.orderList(status, page),
    queryFn: () => call(ordersRoutes.listStoreOrders, { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
