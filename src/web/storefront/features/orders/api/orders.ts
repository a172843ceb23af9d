/** The signed-in customer's orders (SPEC §2 /pedidos). One order's view is shared: src/web/storefront/shared/api/orders.ts. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { OrderList } from '../../../../../shared/contracts/checkout';

/** GET /api/pedidos (first page). */
export const myOrdersQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.orders.list(),
    queryFn: () => api.get<OrderList>('/api/pedidos'),
    enabled,
  });
