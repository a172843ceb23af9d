/** The buyer's quotes: POST/GET /api/cotizaciones, POST /api/cotizaciones/:id/rechazar, and the quoted product. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as quotesRoutes from '../../../../../shared/routes/quotes';
import * as catalogRoutes from '../../../../../shared/routes/catalog';
import type { QuoteRequestInput } from '../../../../../shared/contracts/quotes';

const KEY = ['storefront', 'quotes'] as const;

/** The signed-in buyer's quotes; fetched again when shown (the store answers meanwhile). */
export const myQuotesQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: () => call(quotesRoutes.listMyQuotes),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** The product a quote is asked for (its name, MOQ and variants). */
export const quotedProductQuery = (codigo: string) =>
  queryOptions({
    queryKey: ['storefront', 'quoted-product', codigo],
    queryFn: () => call(catalogRoutes.productDetail, { params: { codigo } }),
    enabled: Boolean(codigo),
  });

/** Sends a quote request; the list refreshes. Waits for the throttle. */
export function useRequestQuote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteRequestInput) => call(quotesRoutes.requestQuote, { body, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Declines a sent quote; the list refreshes. */
export function useDeclineQuote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(quotesRoutes.declineQuote, { params: { id }, body: {}, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
