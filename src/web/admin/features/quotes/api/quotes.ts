/** The store's quotes: GET /api/admin/quotes, GET/PUT /api/admin/quotes/:id, the duty table's rate. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as quotesRoutes from '../../../../../shared/routes/quotes';
import type { QuoteAnswerInput, QuoteStatus } from '../../../../../shared/contracts/quotes';
import { QUOTE_NOTIFICATIONS_KEY } from '../../../shared/quotes-count';

const KEY = ['admin', 'quotes'] as const;

/** The store's quotes (one status or all), unanswered first; fetched again when shown. */
export const storeQuotesQuery = (status?: QuoteStatus) =>
  queryOptions({
    queryKey: [...KEY, status ?? 'all'],
    queryFn: () => call(quotesRoutes.listStoreQuotes, { query: status ? { status } : {} }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const storeQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: () => call(quotesRoutes.getStoreQuote, { params: { id } }),
    enabled: Boolean(id),
  });

/** The duty estimate table's rate for an HS code (null when the table has none). */
export const dutyRateQuery = (hsCode: string | null) =>
  queryOptions({
    queryKey: ['admin', 'duty-rate', hsCode],
    queryFn: () => call(quotesRoutes.getDutyRate, { query: { hsCode: hsCode ?? '' } }),
    enabled: Boolean(hsCode),
    staleTime: Infinity,
  });

/** Sends (or revises) the answer; the lists and the menu's count refresh. Waits for the throttle. */
export function useAnswerQuote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteAnswerInput) =>
      call(quotesRoutes.answerQuote, { params: { id }, body, waitForThrottle: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      void qc.invalidateQueries({ queryKey: QUOTE_NOTIFICATIONS_KEY });
    },
  });
}
