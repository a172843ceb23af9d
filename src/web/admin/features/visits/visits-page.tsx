/**
 * /admin/visitas (decisions 161, 162): the store's visitors and page views by day for 7, 30 or 90 days in its
 * time zone, as a chart and a table, the totals with conversion (orders per visitor), the most viewed products and
 * the searched words with and without results. Empty states say how the figures come in.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import type { VisitPeriod, VisitsReport } from '../../../../shared/contracts/visits';
import { QueryError } from '../../shared/query-error';
import { UplotChart } from '../../shared/visits/uplot-chart';
import { shortDay, visitsReportQuery } from '../../shared/visits/visits-query';

const PERIODS: VisitPeriod[] = [7, 30, 90];

export function VisitsPage() {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState<VisitPeriod>(30);
  const q = useQuery(visitsReportQuery(days));
  return (
    <div className="stack visits-page">
      <h1>{t('visits.title')}</h1>
      <p className="muted">{t('visits.intro')}</p>
      <fieldset className="visits-periods">
        <legend className="visually-hidden">{t('visits.period')}</legend>
        {PERIODS.map((p) => (
          <label key={p} className={`btn ${p === days ? 'btn-primary' : 'btn-secondary'}`}>
            <input
              type="radio"
              name="visits-period"
              className="visually-hidden"
              checked={p === days}
              onChange={() => setDays(p)}
            />
            {t('visits.days', { count: p })}
          </label>
        ))}
      </fieldset>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Report report={q.data} />
      )}
    </div>
  );
}

function Report({ report }: { report: VisitsReport }) {
  const { t, i18n } = useTranslation('admin');
  const labels = useMemo(() => report.days.map((d) => shortDay(d.day, i18n.language)), [report, i18n.language]);
  const series = useMemo(
    () => [
      { label: t('visits.visitors'), values: report.days.map((d) => d.visitors), color: '#1d4ed8' },
      { label: t('visits.pageViews'), values: report.days.map((d) => d.pageViews), color: '#047857' },
    ],
    [report, t],
  );
  const n = (v: number) => v.toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX');
  const totals = report.totals;
  const empty = totals.pageViews === 0;
  return (
    <>
      <div className="admin-stats">
        <div className="card stat">
          <span className="muted small">{t('visits.visitors')}</span>
          <strong data-testid="visits-visitors">{n(totals.visitors)}</strong>
        </div>
        <div className="card stat">
          <span className="muted small">{t('visits.pageViews')}</span>
          <strong data-testid="visits-page-views">{n(totals.pageViews)}</strong>
        </div>
        <div className="card stat">
          <span className="muted small">{t('visits.orders')}</span>
          <strong>{n(totals.orders)}</strong>
        </div>
        <div className="card stat">
          <span className="muted small">{t('visits.conversion')}</span>
          <strong>
            {totals.conversionPercent === null
              ? '–'
              : `${totals.conversionPercent.toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX')} %`}
          </strong>
        </div>
      </div>
      <section className="card stack" aria-labelledby="visits-daily">
        <h2 id="visits-daily">{t('visits.daily')}</h2>
        {empty ? (
          <EmptyState title={t('visits.emptyTitle')}>
            <p>{t('visits.emptyText')}</p>
          </EmptyState>
        ) : (
          <>
            <UplotChart
              labels={labels}
              series={series}
              label={t('visits.chartLabel', { count: report.days.length })}
              xLabel={t('visits.day')}
            />
            {totals.untrackedViews > 0 && (
              <p className="small muted">{t('visits.untracked', { count: totals.untrackedViews })}</p>
            )}
            <details>
              <summary>{t('visits.table')}</summary>
              <div className="table-wrap">
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('visits.day')}</th>
                      <th scope="col">{t('visits.visitors')}</th>
                      <th scope="col">{t('visits.pageViews')}</th>
                      <th scope="col">{t('visits.orders')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...report.days].reverse().map((d) => (
                      <tr key={d.day}>
                        <th scope="row">{shortDay(d.day, i18n.language)}</th>
                        <td>{n(d.visitors)}</td>
                        <td>{n(d.pageViews)}</td>
                        <td>{n(d.orders)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
        <p className="small muted">{t('visits.privacy', { zone: report.timeZone })}</p>
      </section>
      <div className="visits-lists">
        <TopList
          id="visits-products"
          title={t('visits.topProducts')}
          empty={t('visits.noProducts')}
          rows={report.topProducts.map((p) => ({
            key: p.productId,
            text: p.name,
            count: t('visits.views', { count: p.views }),
          }))}
        />
        <TopList
          id="visits-found"
          title={t('visits.searchesFound')}
          empty={t('visits.noSearches')}
          rows={report.searchesWithResults.map((s) => ({
            key: s.term,
            text: s.term,
            count: t('visits.searches', { count: s.searches }),
          }))}
        />
        <TopList
          id="visits-not-found"
          title={t('visits.searchesNotFound')}
          hint={t('visits.searchesNotFoundHint')}
          empty={t('visits.noSearchesNotFound')}
          rows={report.searchesWithoutResults.map((s) => ({
            key: s.term,
            text: s.term,
            count: t('visits.searches', { count: s.searches }),
          }))}
        />
      </div>
    </>
  );
}

function TopList({
  id,
  title,
  hint,
  empty,
  rows,
}: {
  id: string;
  title: string;
  hint?: string;
  empty: string;
  rows: { key: string; text: string; count: string }[];
}) {
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {hint && <p className="small muted">{hint}</p>}
      {rows.length ? (
        <ol className="visits-top">
          {rows.map((r) => (
            <li key={r.key}>
              <span>{r.text}</span>
              <span className="muted small">{r.count}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </section>
  );
}
