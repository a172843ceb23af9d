/** The seller's money: balance summary, payment history, payouts, bank account. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type {
  BalanceSummary,
  BankAccountInput,
  BankAccountView,
  BankOption,
  PaymentHistory,
  PayoutView,
} from '../../../../../shared/contracts/balances';

/** GET /api/admin/balance/summary */
export const balanceSummaryQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.balanceSummary(),
    queryFn: () => api.get<BalanceSummary>('/api/admin/balance/summary'),
  });

/** GET /api/admin/balance/payment-history */
export const paymentHistoryQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.paymentHistory(),
    queryFn: () => api.get<PaymentHistory>('/api/admin/balance/payment-history'),
  });

/** GET /api/admin/bank-account: the masked account (or null) and the banks to choose from. */
export const bankAccountQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.bankAccount(),
    queryFn: () => api.get<{ account: BankAccountView | null; banks: BankOption[] }>('/api/admin/bank-account'),
  });

/** POST /api/admin/balance/payouts: pays out `amountCents`, or everything available. Refreshes summary and history. */
export function useRequestPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amountCents?: number) =>
      api.post<PayoutView>('/api/admin/balance/payouts', amountCents ? { amountCents } : {}, { waitForThrottle: true }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.balanceSummary() });
      void qc.invalidateQueries({ queryKey: queryKeys.admin.paymentHistory() });
    },
  });
}

/** PUT /api/admin/bank-account */
export function useSaveBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountInput) =>
      api.put<BankAccountView>('/api/admin/bank-account', body, { waitForThrottle: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.bankAccount() });
      void qc.invalidateQueries({ queryKey: queryKeys.admin.balanceSummary() });
    },
  });
}
