/** The store's website configuration, read by the layout and several pages. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as storesRoutes from '../../../../shared/routes/stores';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/reseller/configwebsite, once per page load; a failure is not retried (only logged). */
export const storeConfigQuery = queryOptions({
  queryKey: queryKeys.storeConfig(),
  queryFn: () => call(storesRoutes.websiteConfig, { redirectOn404: false }),
  staleTime: Infinity,
  retry: false,
});
