/** The signed-in customer's saved addresses (GET /api/addresses), shared by checkout and the profile. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Address } from '../../../../shared/contracts/accounts';

export const addressesQuery = (enabled = true) =>
  queryOptions({
    queryKey: queryKeys.addresses(),
    queryFn: () => api.get<Address[]>('/api/addresses'),
    enabled,
  });
