/**
 * Admin dashboard home: the store's domain with a button to open it, a link that opens the external
 * store-floor app with an access token as a query parameter, a hint on configuring the domain (once custom domains
 * exist, decision 108), and counts. The token
 * is a one-time code valid 60 s (decision 026), so the dashboard is refetched often enough that the link works.
 */
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import { dashboardQuery } from './api/get-dashboard';
import { WizardResume } from '../../shared/wizard/wizard-resume';
import { can, landingPath, useSellerMe } from '../../shared/seller-me';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { domainHintKey } from './domain-hint';
import { quoteNotificationsQuery } from '../../shared/quotes-count';
import { VisitsTodayTile } from '../../shared/visits/visits-today';

/** /admin: the dashboard for whoever may see orders; anyone else goes to the first page they may use. */
export function DashboardPage() {
  const me = useSellerMe();
  if (me.isPending) return <Loading />;
  if (can(me.data, 'orders')) return <Dashboard />;
  const to = landingPath(me.data);
  return to ? <Navigate to={to} replace /> : <NoPermission />;
}

function Dashboard() {
  const { t } = useTranslation('admin');
  const me = useSellerMe();
  const q = useQuery(dashboardQuery);
  if (q.isPending) return <Loading />;
  if (isForbidden(q.error)) return <NoPermission />;
  if (!q.data) return <Alert kind="error">{q.error?.message}</Alert>;
  const d = q.data;
  // How to use one's own domain, once stores can have one (decision 108).
  const hint = domainHintKey();
  return (
    <div className="stack">
      <h1>{t('dashboard.welcome', { name: d.store.name })}</h1>
      {/* The set-up wizard is the store's settings: only offered to whoever may open it. */}
      {can(me.data, 'settings') && <WizardResume />}
      <section className="card stack" aria-labelledby="dash-domain">
        <h2 id="dash-domain">{t('dashboard.domain')}</h2>
        {d.domains
          .filter((x) => x.status === 'active')
          .map((x) => (
            <div key={x.hostname} className="row">
              <strong>{x.hostname}</strong>
              <span className={`badge ${x.status === 'active' ? 'badge-delivered' : 'badge-pending'}`}>
                {t(`dashboard.domainStatus.${x.status}`)}
              </span>
              <span className="spacer" />
              <a className="btn btn-primary" href={x.url} target="_blank" rel="noopener noreferrer">
                {t('dashboard.openStore')}
              </a>
            </div>
          ))}
        {hint && can(me.data, 'settings') && (
          <p className="small muted">
            <Link to={adminPaths.domains()}>{t(hint)}</Link>
          </p>
        )}
      </section>
      <div className="admin-stats">
        <Link className="card stat" to={adminPaths.sales({ status: 'paid' })}>
          <span className="muted small">{t('dashboard.pending')}</span>
          <strong>{d.counts.pendingOrders}</strong>
        </Link>
        <Link className="card stat" to={adminPaths.sales()}>
          <span className="muted small">{t('dashboard.today')}</span>
          <strong>{d.counts.ordersToday}</strong>
        </Link>
        <QuotesStat />
        <VisitsTodayTile />
        <div className="card stat">
          <span className="muted small">{t('dashboard.products')}</span>
          <strong>{d.counts.products}</strong>
        </div>
      </div>
      <section className="card stack" aria-labelledby="dash-floor">
        <h2 id="dash-floor">{t('dashboard.floorTitle')}</h2>
        <p>{t('dashboard.floorText')}</p>
        <a className="btn btn-secondary" href={d.storeFloorUrl} target="_blank" rel="noopener noreferrer">
          {t('dashboard.openFloor')}
        </a>
      </section>
    </div>
  );
}

/** `notifications.cotizaciones`: the quote requests waiting for an answer, linked to the list. */
function QuotesStat() {
  const { t } = useTranslation('admin');
  const n = useQuery(quoteNotificationsQuery()).data?.cotizaciones ?? 0;
  return (
    <Link className="card stat" to={adminPaths.quotes()}>
      <span className="muted small">{t('dashboard.quotes')}</span>
      <strong>{n}</strong>
    </Link>
  );
}
