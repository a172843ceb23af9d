/** The proof of delivery of the buyer's order: GET /api/pedidos/:id/delivery[?viewToken=]. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { queryKeys } from '../../../../lib/query-keys';

export const deliveryQuery = (id: string, viewToken?: string) =>
  queryOptions({
    queryKey: queryKeys.orders.delivery(id, viewToken),
    queryFn: () => call(ordersRoutes.getBuyerDeliveryProof, { params: { id }, query: { viewToken } }),
    enabled: Boolean(id),
  });
