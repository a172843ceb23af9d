/** The refunds of an order: list with what can still be refunded, a new refund, a retry of a refused one. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as ordersRoutes from '../../../../../shared/routes/orders';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { RefundRequest } from '../../../../../shared/contracts/balances';

/** Under the order's own key: refreshing the order refreshes its refunds. */
const refundsKey = (orderId: string) => [...adminQueryKeys.order(orderId), 'refunds'] as const;

/**
 * GET /api/admin/orders/:id/refunds: newest first, with `refundableCents`. While one is processing (the provider is
 * being asked, or the reconcile job will finish it) it is read again every 10 s.
 */
export const orderRefundsQuery = (orderId: string) =>
  queryOptions({
    queryKey: refundsKey(orderId),
    queryFn: () => call(ordersRoutes.listRefunds, { params: { id: orderId } }),
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === 'processing') ? 10_000 : false),
  });

function useRefreshAfterRefund(orderId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: adminQueryKeys.order(orderId) });
    void qc.invalidateQueries({ queryKey: adminQueryKeys.balanceSummary() });
    void qc.invalidateQueries({ queryKey: adminQueryKeys.paymentHistory() });
  };
}

/** POST /api/admin/orders/:id/refunds: `amountCents` (integer centavos) back to the buyer's card. */
export function useCreateRefund(orderId: string) {
  const refresh = useRefreshAfterRefund(orderId);
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      call(ordersRoutes.refundOrder, { params: { id: orderId }, body, waitForThrottle: true }),
    onSettled: refresh,
  });
}

/** POST /api/admin/orders/:id/refunds/:refundId/retry: a refused refund asked again. */
export function useRetryRefund(orderId: string) {
  const refresh = useRefreshAfterRefund(orderId);
  return useMutation({
    mutationFn: (refundId: string) =>
      call(ordersRoutes.retryRefund, { params: { id: orderId, refundId }, waitForThrottle: true }),
    onSettled: refresh,
  });
}
