/**
 * A factura at checkout (decision 154): whether the store invoices (GET /api/factura/disponible) and the signed-in
 * buyer's saved fiscal data (GET /api/factura/perfil).
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as invoicesRoutes from '../../../../../shared/routes/invoices';

export const invoicingAvailableQuery = queryOptions({
  queryKey: ['factura', 'disponible'] as const,
  queryFn: () => call(invoicesRoutes.getInvoicingAvailability),
  staleTime: 60_000,
});

export const fiscalProfileQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: ['factura', 'perfil'] as const,
    queryFn: () => call(invoicesRoutes.getFiscalProfile),
    enabled: signedIn,
  });
