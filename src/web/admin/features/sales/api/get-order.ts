/** /admin/orderStatus: one order as its seller sees it, with the statuses it may move to. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { adminQueryKeys } from '../../../shared/query-keys';

/** GET /api/admin/orders/:id. */
export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminQueryKeys.order(id),
    queryFn: () => call(ordersRoutes.getSellerOrder, { params: { id } }),
    enabled: Boolean(id),
  });
