/**
 * The platform operator's area at /operador (decisions 163-166): sign-in with its own session, the stores list
 * (search, paging, plan, status, sales, flags), a store's detail with suspend and reactivate, badge requests with the
 * documents side by side, fee rates per plan, escalated reports and the audit log.
 */
import { useState, type FormEvent } from 'react';
import { Link, NavLink, Navigate, Outlet, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Loading } from '../../components/ui/loading';
import { formatFeeRate, formatMoney } from '../../../shared/money';
import { getToken } from '../../lib/session';
import {
  useAudit,
  useBadgeDocument,
  useBadgeRequest,
  useBadgeRequests,
  useDecideBadge,
  useEscalatedReports,
  useFeeRates,
  useOperatorLogin,
  useOperatorLogout,
  useOperatorMe,
  useOperatorStore,
  useOperatorStores,
  useSetFeeRate,
  useSuspension,
} from './operator-api';

const useLang = () => {
  const { i18n } = useTranslation('platform');
  return i18n.language === 'en' ? 'en' : 'es';
};

export function OperatorLoginPage() {
  const { t } = useTranslation('platform');
  const login = useOperatorLogin();
  const navigate = useNavigate();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    login.mutate(
      { email: String(f.get('email')), password: String(f.get('password')) },
      { onSuccess: () => navigate('/operador') },
    );
  };
  return (
    <div className="container page platform-signup">
      <form className="card stack" onSubmit={submit} aria-labelledby="op-login-title">
        <h1 id="op-login-title">{t('operator.login.title')}</h1>
        <p className="muted">{t('operator.login.intro')}</p>
        {login.isError && <Alert kind="error">{login.error.message}</Alert>}
        <div className="field">
          <label htmlFor="op-email">{t('operator.login.email')}</label>
          <input id="op-email" name="email" type="email" autoComplete="username" required />
        </div>
        <div className="field">
          <label htmlFor="op-password">{t('operator.login.password')}</label>
          <input id="op-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <button className="btn btn-primary" type="submit" disabled={login.isPending}>
          {t('operator.login.submit')}
        </button>
      </form>
    </div>
  );
}

/** The signed-in area's shell: its own navigation; sends to the sign-in without a session. */
export function OperatorLayout() {
  const { t } = useTranslation('platform');
  const me = useOperatorMe();
  const logout = useOperatorLogout();
  const navigate = useNavigate();
  if (!getToken('operator')) return <Navigate to="/operador/login" replace />;
  if (me.isPending) return <Loading />;
  const link = ({ isActive }: { isActive: boolean }) => `btn btn-ghost${isActive ? ' active' : ''}`;
  return (
    <div className="container page operator">
      <nav className="operator-nav" aria-label={t('operator.nav.label')}>
        <NavLink to="/operador" end className={link}>
          {t('operator.nav.stores')}
        </NavLink>
        <NavLink to="/operador/insignias" className={link}>
          {t('operator.nav.badges')}
        </NavLink>
        <NavLink to="/operador/comisiones" className={link}>
          {t('operator.nav.fees')}
        </NavLink>
        <NavLink to="/operador/reportes" className={link}>
          {t('operator.nav.reports')}
        </NavLink>
        <NavLink to="/operador/auditoria" className={link}>
          {t('operator.nav.audit')}
        </NavLink>
        <span className="spacer" />
        <span className="small muted">{me.data?.email}</span>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/operador/login') })}
        >
          {t('operator.nav.signOut')}
        </button>
      </nav>
      <Outlet />
    </div>
  );
}

function BadgeList({ badges }: { badges: string[] }) {
  const { t } = useTranslation('platform');
  if (!badges.length) return null;
  return (
    <span className="operator-badges">
      {badges.map((b) => (
        <span key={b} className="badge">
          {t(`operator.badgeNames.${b}`)}
        </span>
      ))}
    </span>
  );
}

export function OperatorStoresPage() {
  const { t } = useTranslation('platform');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const stores = useOperatorStores(q, page);
  const pages = stores.data ? Math.max(1, Math.ceil(stores.data.total / stores.data.pageSize)) : 1;
  return (
    <section className="stack">
      <h1>{t('operator.stores.title')}</h1>
      <form
        role="search"
        className="operator-search"
        onSubmit={(e) => {
          e.preventDefault();
          const value = String(new FormData(e.currentTarget).get('q') ?? '');
          setParams(value ? { q: value } : {});
        }}
      >
        <label htmlFor="op-q" className="visually-hidden">
          {t('operator.stores.search')}
        </label>
        <input id="op-q" name="q" type="search" defaultValue={q} placeholder={t('operator.stores.search')} />
        <button className="btn btn-primary" type="submit">
          {t('operator.stores.searchButton')}
        </button>
      </form>
      {stores.isError && <Alert kind="error">{stores.error.message}</Alert>}
      {stores.isPending ? (
        <Loading />
      ) : stores.data && stores.data.stores.length === 0 ? (
        <p className="muted">{t('operator.stores.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('operator.stores.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('operator.stores.store')}</th>
                <th scope="col">{t('operator.stores.plan')}</th>
                <th scope="col">{t('operator.stores.status')}</th>
                <th scope="col">{t('operator.stores.sales')}</th>
                <th scope="col">{t('operator.stores.flags')}</th>
              </tr>
            </thead>
            <tbody>
              {stores.data?.stores.map((s) => (
                <tr key={s.id} data-testid="operator-store-row">
                  <td>
                    <Link to={`/operador/tiendas/${s.id}`}>{s.name}</Link>
                    <div className="small muted">{s.hostname ?? s.slug}</div>
                    <BadgeList badges={s.badges} />
                  </td>
                  <td>{s.plan ? t(`operator.plans.${s.plan}`, { defaultValue: s.plan }) : '—'}</td>
                  <td>{t(`operator.status.${s.status}`, { defaultValue: s.status })}</td>
                  <td>
                    {formatMoney(s.sales30dCents, lang)}
                    <div className="small muted">{t('operator.stores.orders', { count: s.orders30d })}</div>
                  </td>
                  <td className="small">
                    {s.pendingBadgeRequests > 0 && (
                      <div>{t('operator.stores.pendingBadges', { count: s.pendingBadgeRequests })}</div>
                    )}
                    {s.escalatedReports > 0 && (
                      <div>{t('operator.stores.escalated', { count: s.escalatedReports })}</div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="operator-pager" aria-label={t('operator.pager.label')}>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page <= 1}
            onClick={() => setParams({ ...(q ? { q } : {}), page: String(page - 1) })}
          >
            {t('operator.pager.previous')}
          </button>
          <span>{t('operator.pager.page', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page >= pages}
            onClick={() => setParams({ ...(q ? { q } : {}), page: String(page + 1) })}
          >
            {t('operator.pager.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

export function OperatorStorePage() {
  const { t } = useTranslation('platform');
  const lang = useLang();
  const { storeId = '' } = useParams();
  const detail = useOperatorStore(storeId);
  const suspension = useSuspension(storeId);
  const [reason, setReason] = useState('');
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <Alert kind="error">{detail.error.message}</Alert>;
  const { store, owners, badges, history, requests } = detail.data;
  const suspended = store.status === 'suspended';
  return (
    <section className="stack">
      <h1>{store.name}</h1>
      <p className="muted">{store.hostname ?? store.slug}</p>
      <dl className="operator-facts">
        <dt>{t('operator.stores.status')}</dt>
        <dd data-testid="operator-store-status">
          {t(`operator.status.${store.status}`, { defaultValue: store.status })}
          {store.suspendedBy && ` (${t(`operator.suspendedBy.${store.suspendedBy}`)})`}
        </dd>
        <dt>{t('operator.stores.plan')}</dt>
        <dd>{store.plan ? t(`operator.plans.${store.plan}`, { defaultValue: store.plan }) : '—'}</dd>
        <dt>{t('operator.stores.sales')}</dt>
        <dd>
          {formatMoney(store.sales30dCents, lang)} · {t('operator.stores.orders', { count: store.orders30d })}
        </dd>
        <dt>{t('operator.store.owners')}</dt>
        <dd>{owners.map((o) => `${o.fullName} <${o.email}>`).join(', ') || '—'}</dd>
        <dt>{t('operator.store.badges')}</dt>
        <dd>{badges.length ? <BadgeList badges={badges.map((b) => b.badge)} /> : t('operator.store.noBadges')}</dd>
      </dl>
      <form
        className="card stack"
        onSubmit={(e) => {
          e.preventDefault();
          suspension.mutate({ suspend: !suspended, reason }, { onSuccess: () => setReason('') });
        }}
      >
        <h2>{suspended ? t('operator.store.reactivateTitle') : t('operator.store.suspendTitle')}</h2>
        <p className="small muted">
          {suspended ? t('operator.store.reactivateHint') : t('operator.store.suspendHint')}
        </p>
        {suspension.isError && <Alert kind="error">{suspension.error.message}</Alert>}
        <div className="field">
          <label htmlFor="op-reason">{t('operator.store.reason')}</label>
          <textarea
            id="op-reason"
            required
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <button className={`btn ${suspended ? 'btn-primary' : 'btn-danger'}`} disabled={suspension.isPending}>
          {suspended ? t('operator.store.reactivate') : t('operator.store.suspend')}
        </button>
      </form>
      {requests.length > 0 && (
        <>
          <h2>{t('operator.store.requests')}</h2>
          <ul>
            {requests.map((r) => (
              <li key={r.id}>
                <Link to={`/operador/insignias/${r.id}`}>
                  {t(`operator.badgeNames.${r.badge}`)} · {t(`operator.requestStatus.${r.status}`)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {history.length > 0 && (
        <>
          <h2>{t('operator.store.history')}</h2>
          <ul data-testid="operator-badge-history">
            {history.map((h) => (
              <li key={`${h.at}-${h.badge}-${h.event}`}>
                {new Date(h.at).toLocaleDateString(lang === 'en' ? 'en-US' : 'es-MX')} ·{' '}
                {t(`operator.badgeNames.${h.badge}`)} · {t(`operator.events.${h.event}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function OperatorBadgeRequestsPage() {
  const { t } = useTranslation('platform');
  const [status, setStatus] = useState<'pending' | 'accepted' | 'rejected' | 'all'>('pending');
  const list = useBadgeRequests(status);
  return (
    <section className="stack">
      <h1>{t('operator.badges.title')}</h1>
      <div className="field">
        <label htmlFor="op-badge-status">{t('operator.badges.show')}</label>
        <select id="op-badge-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          {(['pending', 'accepted', 'rejected', 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`operator.requestStatus.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.data?.requests.length ? (
        <ul className="stack">
          {list.data.requests.map((r) => (
            <li key={r.id} className="card">
              <Link to={`/operador/insignias/${r.id}`}>
                {r.storeName} · {t(`operator.badgeNames.${r.badge}`)}
              </Link>
              <div className="small muted">
                {t(`operator.requestStatus.${r.status}`)} · {new Date(r.createdAt).toLocaleString()}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('operator.badges.empty')}</p>
      )}
    </section>
  );
}

function DocumentView({ requestId, index, title }: { requestId: string; index: number; title: string }) {
  const { t } = useTranslation('platform');
  const doc = useBadgeDocument(requestId, index);
  if (doc.isPending) return <Loading />;
  if (doc.isError) return <Alert kind="error">{t('operator.badges.documentError')}</Alert>;
  // The page's policy embeds no plugin or frame (object-src and frame-src 'none'): a PDF opens in its own tab, an
  // image shows in place.
  return doc.data.pdf ? (
    <a className="btn btn-ghost operator-doc-link" href={doc.data.url} target="_blank" rel="noreferrer">
      {t('operator.badges.open')} (PDF)
    </a>
  ) : (
    <img src={doc.data.url} alt={title} className="operator-doc" />
  );
}

export function OperatorBadgeRequestPage() {
  const { t } = useTranslation('platform');
  const { id = '' } = useParams();
  const request = useBadgeRequest(id);
  const decide = useDecideBadge(id);
  const [reason, setReason] = useState('');
  if (request.isPending) return <Loading />;
  if (request.isError) return <Alert kind="error">{request.error.message}</Alert>;
  const r = request.data;
  return (
    <section className="stack">
      <h1>
        {t(`operator.badgeNames.${r.badge}`)} · {r.storeName}
      </h1>
      <p data-testid="operator-request-status">
        {t(`operator.requestStatus.${r.status}`)}
        {r.validUntil && ` · ${t('operator.badges.validUntil', { date: r.validUntil })}`}
      </p>
      {r.auditor && <p>{t('operator.badges.auditor', { auditor: r.auditor, date: r.auditedOn })}</p>}
      <div className="operator-docs">
        {r.documents.map((d, i) => {
          const title = t(`operator.documents.${d.kind}`);
          return (
            <figure key={d.file.id} className="card stack">
              <figcaption>
                <strong>{title}</strong>
                {d.number && <div className="small">{t('operator.badges.number', { number: d.number })}</div>}
                <div className="small" data-testid="operator-doc-expiry">
                  {t('operator.badges.expires', { date: d.expiresOn })}
                </div>
              </figcaption>
              <DocumentView requestId={r.id} index={i} title={title} />
            </figure>
          );
        })}
      </div>
      {decide.isError && <Alert kind="error">{decide.error.message}</Alert>}
      {r.status === 'pending' && (
        <div className="card stack">
          <button
            className="btn btn-primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ decision: 'accept' })}
          >
            {t('operator.badges.accept')}
          </button>
          <div className="field">
            <label htmlFor="op-reject-reason">{t('operator.badges.rejectReason')}</label>
            <textarea
              id="op-reject-reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <button
            className="btn btn-danger"
            disabled={decide.isPending || reason.trim().length < 3}
            onClick={() => decide.mutate({ decision: 'reject', reason })}
          >
            {t('operator.badges.reject')}
          </button>
        </div>
      )}
      {r.reason && <p>{t('operator.badges.rejectedWith', { reason: r.reason })}</p>}
    </section>
  );
}

export function OperatorFeesPage() {
  const { t } = useTranslation('platform');
  const lang = useLang();
  const rates = useFeeRates();
  const save = useSetFeeRate();
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section className="stack">
      <h1>{t('operator.fees.title')}</h1>
      <p className="muted">{t('operator.fees.intro')}</p>
      {save.isError && <Alert kind="error">{save.error.message}</Alert>}
      {saved && <Alert kind="success">{t('operator.fees.saved', { plan: saved })}</Alert>}
      {rates.isPending ? (
        <Loading />
      ) : (
        rates.data?.rates.map((r) => (
          <form
            key={r.planId}
            className="card operator-fee"
            onSubmit={(e) => {
              e.preventDefault();
              const pct = Number(String(new FormData(e.currentTarget).get('pct')).replace(',', '.'));
              save.mutate(
                { planId: r.planId, bps: Math.round(pct * 100) },
                { onSuccess: () => setSaved(t(`operator.plans.${r.planId}`, { defaultValue: r.planId })) },
              );
            }}
          >
            <label htmlFor={`fee-${r.planId}`}>
              {t(`operator.plans.${r.planId}`, { defaultValue: r.planId })} ({formatFeeRate(r.bps, lang)})
            </label>
            <input
              id={`fee-${r.planId}`}
              name="pct"
              type="number"
              min={0}
              max={30}
              step={0.01}
              defaultValue={r.bps / 100}
              required
            />
            <span>%</span>
            <button className="btn btn-primary" disabled={save.isPending}>
              {t('operator.fees.save')}
            </button>
          </form>
        ))
      )}
    </section>
  );
}

export function OperatorReportsPage() {
  const { t } = useTranslation('platform');
  const reports = useEscalatedReports();
  return (
    <section className="stack">
      <h1>{t('operator.reports.title')}</h1>
      {reports.data && <p className="muted">{t('operator.reports.intro', { days: reports.data.olderThanDays })}</p>}
      {reports.isPending ? (
        <Loading />
      ) : reports.data?.reports.length ? (
        <ul className="stack">
          {reports.data.reports.map((r) => (
            <li key={r.id} className="card">
              <Link to={`/operador/tiendas/${r.storeId}`}>{r.storeName}</Link> ·{' '}
              {r.reviewId ? t('operator.reports.review') : t('operator.reports.product')} · {r.reason}
              {r.details && <p className="small">{r.details}</p>}
              <div className="small muted">{new Date(r.createdAt).toLocaleString()}</div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('operator.reports.empty')}</p>
      )}
    </section>
  );
}

export function OperatorAuditPage() {
  const { t } = useTranslation('platform');
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;
  return (
    <section className="stack">
      <h1>{t('operator.audit.title')}</h1>
      <p className="muted">{t('operator.audit.intro')}</p>
      {audit.isPending ? (
        <Loading />
      ) : audit.data?.entries.length ? (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('operator.audit.when')}</th>
                <th scope="col">{t('operator.audit.who')}</th>
                <th scope="col">{t('operator.audit.what')}</th>
                <th scope="col">{t('operator.audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((e) => (
                <tr key={e.id} data-testid="operator-audit-row">
                  <td>{new Date(e.at).toLocaleString()}</td>
                  <td>{e.operatorEmail}</td>
                  <td>
                    <code>{e.action}</code>
                    {e.storeId && (
                      <div className="small">
                        <Link to={`/operador/tiendas/${e.storeId}`}>{t('operator.audit.store')}</Link>
                      </div>
                    )}
                  </td>
                  <td className="small">
                    <code>{JSON.stringify(e.before)}</code> → <code>{JSON.stringify(e.after)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t('operator.audit.empty')}</p>
      )}
      {pages > 1 && (
        <nav className="operator-pager" aria-label={t('operator.pager.label')}>
          <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('operator.pager.previous')}
          </button>
          <span>{t('operator.pager.page', { page, pages })}</span>
          <button type="button" className="btn btn-ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('operator.pager.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
