/** /pedidos: the signed-in customer's orders. One order's view is shared (storefront/shared/api/get-order.ts). */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /api/pedidos (first page), asked only once someone is signed in. */
export const myOrdersQuery = (enabled: boolean) =>
  queryOptions({ queryKey: queryKeys.orders.list(), queryFn: () => call(ordersRoutes.listMyOrders), enabled });
