/** The order whose delivery is recorded (GET /api/admin/orders/:id), under the same cache key as the order page. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { SellerOrderView } from '../../../../../shared/contracts/checkout';

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.order(id),
    queryFn: () => api.get<SellerOrderView>(`/api/admin/orders/${encodeURIComponent(id)}`),
    enabled: Boolean(id),
  });
