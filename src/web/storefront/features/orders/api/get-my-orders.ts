/** /pedidos: the signed-in customer's orders. One order's view is shared (storefront/shared/api/get-order.ts). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { OrderList } from '../../../../../shared/contracts/checkout';

/** GET /api/pedidos (first page), asked only once someone is signed in. */
export const myOrdersQuery = (enabled: boolean) =>
  queryOptions({ queryKey: queryKeys.orders.list(), queryFn: () => api.get<OrderList>('/api/pedidos'), enabled });
