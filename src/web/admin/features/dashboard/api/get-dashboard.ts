/** The admin home (store, domains, store-floor link, counts). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { AdminDashboard } from '../../../../../shared/contracts/stores';

/** Refetched this often so the store-floor link's one-time code (valid 60 s, decision 026) still works when clicked. */
const STORE_FLOOR_LINK_REFRESH_MS = 45_000;

/** GET /api/admin/dashboard. */
export const dashboardQuery = queryOptions({
  queryKey: queryKeys.admin.dashboard(),
  queryFn: () => api.get<AdminDashboard>('/api/admin/dashboard'),
  refetchInterval: STORE_FLOOR_LINK_REFRESH_MS,
});
