/** The home page's products (SPEC §2 /: featured, best sellers, new). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { HomeResponse } from '../../../../../shared/contracts/catalog';

/** GET /api/home. */
export const homeQuery = queryOptions({
  queryKey: queryKeys.home(),
  queryFn: () => api.get<HomeResponse>('/api/home'),
});
