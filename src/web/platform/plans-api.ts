/** The plans on sale with Vitrina's fee on sales (GET /api/platform/plans, public; decision 096). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import type { PublicPlans } from '../../shared/contracts/subscriptions';

export function usePublicPlans() {
  return useQuery({
    queryKey: ['platform', 'plans'],
    queryFn: () => api.get<PublicPlans>('/api/platform/plans', { redirectOn404: false }),
    staleTime: 60_000,
  });
}
