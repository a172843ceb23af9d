/** One order as its buyer sees it (GET /api/pedidos/:id), shared by the checkout's confirmation and order tracking. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as ordersRoutes from '../../../../shared/routes/orders';
import { queryKeys } from '../../../lib/query-keys';
import type { OrderView } from '../../../../shared/contracts/checkout';

/** GET /api/pedidos/:id[?viewToken=] (a guest reads with the order's view token, decision 022). */
export function fetchOrder(id: string, viewToken?: string, opts: { redirectOn404?: boolean } = {}): Promise<OrderView> {
  return call(ordersRoutes.getBuyerOrder, { params: { id }, ...opts, query: { viewToken } });
}

export const orderQuery = (id: string, viewToken?: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id, viewToken),
    queryFn: () => fetchOrder(id, viewToken),
    enabled: Boolean(id),
  });
