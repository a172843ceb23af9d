/** The store's invoicing account (Mis datos → Facturación; decision 154): read, connect or change, disconnect. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as invoicesRoutes from '../../../../../shared/routes/invoices';
import type { InvoicingSettingsInput } from '../../../../../shared/contracts/invoices';

const key = ['admin', 'invoicing'] as const;

/** GET /api/admin/invoicing: connected or not, the key's last 4 characters, the SAT keys. */
export const invoicingSettingsQuery = queryOptions({
  queryKey: key,
  queryFn: () => call(invoicesRoutes.getInvoicingSettings),
});

/** PUT /api/admin/invoicing: the answer replaces the cache. */
export function useSaveInvoicing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoicingSettingsInput) =>
      call(invoicesRoutes.saveInvoicingSettings, { body, waitForThrottle: true }),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}

/** DELETE /api/admin/invoicing. */
export function useDisconnectInvoicing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(invoicesRoutes.disconnectInvoicing, { waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
