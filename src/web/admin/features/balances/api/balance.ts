/** The seller's money: balance summary, payment history, payouts, bank account. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as balancesRoutes from '../../../../../shared/routes/balances';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { BankAccountInput } from '../../../../../shared/contracts/balances';

/** GET /api/admin/balance/summary */
export const balanceSummaryQuery = () =>
  queryOptions({
    queryKey: adminQueryKeys.balanceSummary(),
    queryFn: () => call(balancesRoutes.balanceSummary),
  });

/** GET /api/admin/balance/payment-history */
export const paymentHistoryQuery = () =>
  queryOptions({
    queryKey: adminQueryKeys.paymentHistory(),
    queryFn: () => call(balancesRoutes.paymentHistory),
  });

/** GET /api/admin/bank-account: the masked account (or null) and the banks to choose from. */
export const bankAccountQuery = () =>
  queryOptions({
    queryKey: adminQueryKeys.bankAccount(),
    queryFn: () => call(balancesRoutes.getBankAccount),
  });

/** POST /api/admin/balance/payouts: pays out `amountCents`, or everything available. Refreshes summary and history. */
export function useRequestPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amountCents?: number) =>
      call(balancesRoutes.requestPayout, { body: amountCents ? { amountCents } : {}, waitForThrottle: true }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adminQueryKeys.balanceSummary() });
      void qc.invalidateQueries({ queryKey: adminQueryKeys.paymentHistory() });
    },
  });
}

/** PUT /api/admin/bank-account */
export function useSaveBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountInput) => call(balancesRoutes.saveBankAccount, { body, waitForThrottle: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminQueryKeys.bankAccount() });
      void qc.invalidateQueries({ queryKey: adminQueryKeys.balanceSummary() });
    },
  });
}
