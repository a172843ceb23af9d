/** The refunds of an order: list with what can still be refunded, a new refund, a retry of a refused one. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { RefundList, RefundRequest, RefundView } from '../../../../../shared/contracts/balances';

/** Under the order's own key: refreshing the order refreshes its refunds. */
const refundsKey = (orderId: string) => [...queryKeys.admin.order(orderId), 'refunds'] as const;

/**
 * GET /api/admin/orders/:id/refunds: newest first, with `refundableCents`. While one is processing (the provider is
 * being asked, or the reconcile job will finish it) it is read again every 10 s.
 */
export const orderRefundsQuery = (orderId: string) =>
  queryOptions({
    queryKey: refundsKey(orderId),
    queryFn: () => api.get<RefundList>(`/api/admin/orders/${encodeURIComponent(orderId)}/refunds`),
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === 'processing') ? 10_000 : false),
  });

function useRefreshAfterRefund(orderId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.admin.order(orderId) });
    void qc.invalidateQueries({ queryKey: queryKeys.admin.balanceSummary() });
    void qc.invalidateQueries({ queryKey: queryKeys.admin.paymentHistory() });
  };
}

/** POST /api/admin/orders/:id/refunds: `amountCents` (integer centavos) back to the buyer's card. */
export function useCreateRefund(orderId: string) {
  const refresh = useRefreshAfterRefund(orderId);
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      api.post<RefundView>(`/api/admin/orders/${encodeURIComponent(orderId)}/refunds`, body, {
        waitForThrottle: true,
      }),
    onSettled: refresh,
  });
}

/** POST /api/admin/orders/:id/refunds/:refundId/retry: a refused refund asked again. */
export function useRetryRefund(orderId: string) {
  const refresh = useRefreshAfterRefund(orderId);
  return useMutation({
    mutationFn: (refundId: string) =>
      api.post<RefundView>(
        `/api/admin/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/retry`,
        {},
        { waitForThrottle: true },
      ),
    onSettled: refresh,
  });
}
