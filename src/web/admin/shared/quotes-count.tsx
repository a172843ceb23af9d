/**
 * `notifications.cotizaciones`: the store's quote requests not answered yet (GET /api/admin/quote-notifications),
 * counted by the server from the database, for the admin menu and the dashboard.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import * as quotesRoutes from '../../../shared/routes/quotes';

export const QUOTE_NOTIFICATIONS_KEY = ['admin', 'quote-notifications'] as const;

/** Fetched on mount, on focus and every minute: buyers ask while the seller works. */
export const quoteNotificationsQuery = (enabled = true) =>
  queryOptions({
    queryKey: QUOTE_NOTIFICATIONS_KEY,
    queryFn: () => call(quotesRoutes.getQuoteNotifications),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  });

/** The unanswered count as a badge beside "Cotizaciones" (nothing when none). */
export function QuotesNavCount() {
  const { t } = useTranslation('admin');
  const n = useQuery(quoteNotificationsQuery()).data?.cotizaciones ?? 0;
  if (!n) return null;
  return (
    <span className="nav-count" data-testid="quotes-unanswered">
      <span aria-hidden="true">{n}</span>
      <span className="visually-hidden">{t('quotes.unanswered', { count: n })}</span>
    </span>
  );
}
