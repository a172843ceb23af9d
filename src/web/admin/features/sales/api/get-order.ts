/** /admin/orderStatus: one order as its seller sees it, with the statuses it may move to. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { SellerOrderView } from '../../../../../shared/contracts/checkout';

/** GET /api/admin/orders/:id. */
export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.order(id),
    queryFn: () => api.get<SellerOrderView>(`/api/admin/orders/${encodeURIComponent(id)}`),
    enabled: Boolean(id),
  });
