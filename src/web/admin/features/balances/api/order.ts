/** The order whose delivery is recorded (GET /api/admin/orders/:id), under the same cache key as the order page. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { adminQueryKeys } from '../../../shared/query-keys';

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminQueryKeys.order(id),
    queryFn: () => call(ordersRoutes.getSellerOrder, { params: { id } }),
    enabled: Boolean(id),
  });
