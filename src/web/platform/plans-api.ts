/** The plans on sale with Vitrina's fee on sales (GET /api/platform/plans, public; decision 096). */
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import * as subscriptionsRoutes from '../../shared/routes/subscriptions';

export function usePublicPlans() {
  return useQuery({
    queryKey: ['platform', 'plans'],
    queryFn: () => call(subscriptionsRoutes.publicPlans, { redirectOn404: false }),
    staleTime: 60_000,
  });
}
