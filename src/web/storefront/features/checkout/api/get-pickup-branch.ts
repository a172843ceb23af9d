/** Where buyers pick up an order at the store's branch, with its days and hour (GET /api/reseller/pickup-branch). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { PickupBranch } from '../../../../../shared/contracts/pickups';

export const pickupBranchQuery = () =>
  queryOptions({
    queryKey: ['pickup-branch'] as const,
    queryFn: () => api.get<PickupBranch>('/api/reseller/pickup-branch', { redirectOn404: false }),
    staleTime: 5 * 60_000,
  });
