/**
 * The seller's subscription (decisions 060-062): GET /api/admin/subscription and its changes. The card goes
 * to the payment provider's own form endpoint (the sandbox's POST /api/payments/sandbox/payment-methods), which
 * answers a token; only the token reaches the app's API.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type {
  PlanId,
  SavedCard,
  SubscriptionCardInput,
  SubscriptionResponse,
  SubscriptionView,
} from '../../../../shared/contracts/subscriptions';

const KEY = ['admin', 'subscription'] as const;

export const subscriptionQuery = () =>
  queryOptions({ queryKey: KEY, queryFn: () => api.get<SubscriptionResponse>('/api/admin/subscription') });

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: KEY });
    // A reactivated store: every other admin answer may change (they were 402).
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && q.queryKey[1] !== 'subscription' });
  };
}

export function useChangePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (planId: PlanId) =>
      api.put<SubscriptionView>('/api/admin/subscription/plan', { planId }, { waitForThrottle: true }),
    onSuccess: refresh,
  });
}

/** Saves the card at the provider, then its token on the subscription. */
export function useSaveCard() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (card: SubscriptionCardInput) => {
      const saved = await api.post<SavedCard>('/api/payments/sandbox/payment-methods', card, { waitForThrottle: true });
      return api.put<SubscriptionView>(
        '/api/admin/subscription/payment-method',
        { token: saved.token },
        { waitForThrottle: true },
      );
    },
    onSuccess: refresh,
  });
}

export function usePayNow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post<SubscriptionView>('/api/admin/subscription/pay', {}, { waitForThrottle: true }),
    onSettled: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post<SubscriptionView>('/api/admin/subscription/cancel', {}, { waitForThrottle: true }),
    onSuccess: refresh,
  });
}
