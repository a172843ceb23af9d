/** The CFDIs of an order of the store (decision 154): GET /api/admin/orders/:id/invoices. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as invoicesRoutes from '../../../../../shared/routes/invoices';
import { adminQueryKeys } from '../../../shared/query-keys';

export const orderInvoicesQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...adminQueryKeys.order(orderId), 'invoices'] as const,
    queryFn: () => call(invoicesRoutes.listOrderInvoices, { params: { id: orderId } }),
  });
