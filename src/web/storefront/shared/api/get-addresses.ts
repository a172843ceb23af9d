/** The signed-in customer's saved addresses (GET /api/addresses), shared by checkout and the profile. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as accountsRoutes from '../../../../shared/routes/accounts';
import { queryKeys } from '../../../lib/query-keys';

export const addressesQuery = (enabled = true) =>
  queryOptions({
    queryKey: queryKeys.addresses(),
    queryFn: () => call(accountsRoutes.listAddresses),
    enabled,
  });
