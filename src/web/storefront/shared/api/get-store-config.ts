/** The store's website configuration, read by the layout and several pages. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { WebsiteConfig } from '../../../../shared/contracts/stores';

/** GET /api/reseller/configwebsite, once per page load; a failure is not retried (only logged). */
export const storeConfigQuery = queryOptions({
  queryKey: queryKeys.storeConfig(),
  queryFn: () => api.get<WebsiteConfig>('/api/reseller/configwebsite', { redirectOn404: false }),
  staleTime: Infinity,
  retry: false,
});
