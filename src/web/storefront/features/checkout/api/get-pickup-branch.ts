/** Where buyers pick up an order at the store's branch, with its days and hour (GET /api/reseller/pickup-branch). */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as shippingRoutes from '../../../../../shared/routes/shipping';

export const pickupBranchQuery = () =>
  queryOptions({
    queryKey: ['pickup-branch'] as const,
    queryFn: () => call(shippingRoutes.pickupBranch, { redirectOn404: false }),
    staleTime: 5 * 60_000,
  });
