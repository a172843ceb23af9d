/**
 * The dashboard's "Visitas de hoy" tile: today's visitors and page views in the store's time
 * zone and a 14-day sparkline of visitors, linked to /admin/visitas.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../paths';
import { UplotChart } from './uplot-chart';
import { shortDay, visitsReportQuery } from './visits-query';

export function VisitsTodayTile() {
  const { t, i18n } = useTranslation('admin');
  const q = useQuery(visitsReportQuery(14));
  const days = q.data?.days;
  const labels = useMemo(() => (days ?? []).map((d) => shortDay(d.day, i18n.language)), [days, i18n.language]);
  const series = useMemo(
    () => [{ label: t('visits.visitors'), values: (days ?? []).map((d) => d.visitors), color: '#1d4ed8' }],
    [days, t],
  );
  const today = days?.[days.length - 1];
  return (
    <Link className="card stat visits-tile" to={adminPaths.visits()} data-testid="visits-today">
      <span className="muted small">{t('dashboard.visitsToday')}</span>
      <strong>{today ? today.visitors : '–'}</strong>
      {today && <span className="small muted">{t('visits.pageViewsCount', { count: today.pageViews })}</span>}
      {days && days.some((d) => d.visitors > 0) && (
        <UplotChart
          labels={labels}
          series={series}
          height={48}
          sparkline
          label={t('visits.sparkline')}
          xLabel={t('visits.day')}
        />
      )}
    </Link>
  );
}
