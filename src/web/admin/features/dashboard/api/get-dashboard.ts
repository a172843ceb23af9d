/** The admin home (store, domains, store-floor link, counts). */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { adminQueryKeys } from '../../../shared/query-keys';

/** Refetched this often so the store-floor link's one-time code (valid 60 s, decision 026) still works when clicked. */
const STORE_FLOOR_LINK_REFRESH_MS = 45_000;

/** GET /api/admin/dashboard. */
export const dashboardQuery = queryOptions({
  queryKey: adminQueryKeys.dashboard(),
  queryFn: () => call(ordersRoutes.adminDashboard),
  refetchInterval: STORE_FLOOR_LINK_REFRESH_MS,
});
