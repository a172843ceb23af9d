/**
 * The factura of the buyer's order (decision 154): GET /api/pedidos/:id/factura[?viewToken=] (whether the store
 * invoices, until when, the saved fiscal data, the CFDIs) and POST to ask for it.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as invoicesRoutes from '../../../../../shared/routes/invoices';
import type { FiscalDataInput } from '../../../../../shared/contracts/invoices';
import { queryKeys } from '../../../../lib/query-keys';

const invoicingKey = (id: string, viewToken?: string) =>
  [...queryKeys.orders.detail(id, viewToken), 'factura'] as const;

export const orderInvoicingQuery = (id: string, viewToken?: string) =>
  queryOptions({
    queryKey: invoicingKey(id, viewToken),
    queryFn: () => call(invoicesRoutes.getOrderInvoicing, { params: { id }, query: { viewToken } }),
    enabled: Boolean(id),
  });

export function useRequestInvoice(id: string, viewToken?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FiscalDataInput) =>
      call(invoicesRoutes.requestOrderInvoice, { params: { id }, query: { viewToken }, body, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoicingKey(id, viewToken) }),
  });
}
