/**
 * The store's visits report (GET /api/admin/visitas; decisions 161, 162), read by /admin/visitas and by the
 * dashboard's "Visitas de hoy" tile.
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as visitsRoutes from '../../../../shared/routes/visits';
import type { VisitPeriod } from '../../../../shared/contracts/visits';

/** Refreshed every minute while open: the figures include the last second's page views. */
export const visitsReportQuery = (days: VisitPeriod) =>
  queryOptions({
    queryKey: ['admin', 'visits', days] as const,
    queryFn: () => call(visitsRoutes.getVisitsReport, { query: { days } }),
    refetchInterval: 60_000,
  });

/** "28 nov" / "Nov 28" for a YYYY-MM-DD day, read as that calendar day whatever the browser's zone. */
export function shortDay(day: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'es-MX', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
