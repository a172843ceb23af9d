/**
 * The seller's subscription (decisions 060-062): GET /api/admin/subscription and its changes. The card goes
 * to the payment provider's own form endpoint (the sandbox's POST /api/payments/sandbox/payment-methods), which
 * answers a token; only the token reaches the app's API.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as sandboxRoutes from '../../../../shared/routes/sandbox';
import * as subscriptionsRoutes from '../../../../shared/routes/subscriptions';
import type { PlanId, SubscriptionCardInput } from '../../../../shared/contracts/subscriptions';

const KEY = ['admin', 'subscription'] as const;

export const subscriptionQuery = () =>
  queryOptions({ queryKey: KEY, queryFn: () => call(subscriptionsRoutes.getSubscription) });

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
    mutationFn: (planId: PlanId) => call(subscriptionsRoutes.changePlan, { body: { planId }, waitForThrottle: true }),
    onSuccess: refresh,
  });
}

/** Saves the card at the provider, then its token on the subscription. */
export function useSaveCard() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (card: SubscriptionCardInput) => {
      const saved = await call(sandboxRoutes.sandboxSaveCard, { body: card, waitForThrottle: true });
      return call(subscriptionsRoutes.saveSubscriptionCard, { body: { token: saved.token }, waitForThrottle: true });
    },
    onSuccess: refresh,
  });
}

export function usePayNow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call(subscriptionsRoutes.payNow, { waitForThrottle: true }),
    onSettled: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call(subscriptionsRoutes.cancelSubscription, { waitForThrottle: true }),
    onSuccess: refresh,
  });
}
