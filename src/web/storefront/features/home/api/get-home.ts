/** /: the home page's product lists (featured, newest, best sellers). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { HomeResponse } from '../../../../../shared/contracts/catalog';

/** GET /api/home. */
export const homeQuery = queryOptions({
  queryKey: queryKeys.home(),
  queryFn: () => api.get<HomeResponse>('/api/home'),
});
