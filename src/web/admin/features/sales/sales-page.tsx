/**
 * /admin/ventas: the store's orders, newest first, filterable by status, paged; below them, the caps on what
 * unpaid orders may hold (decision 097).
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { SelectField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { OrderStatus } from '../../../../shared/contracts/checkout';
import { adminOrdersQuery } from './api/get-orders';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { OrderLimitsCard } from './order-limits-card';
import { SalesTabs } from './sales-tabs';

const STATUSES: OrderStatus[] = [
  'pending',
  'paid',
  'ready_to_ship',
  'on_the_way',
  'ready_for_pickup',
  'delivered',
  'cancelled',
];

export function SalesPage() {
  const { t, i18n } = useTranslation('admin');
  const money = useMoney();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = STATUSES.includes(params.get('status') as OrderStatus) ? (params.get('status') as OrderStatus) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery({ ...adminOrdersQuery(status || undefined, page), refetchInterval: 30_000 });
  const pages = q.data ? Math.ceil(q.data.total / q.data.pageSize) : 0;
  const locale = i18n.language === 'en' ? 'en-US' : 'es-MX';
  const shortDate = (iso: string) =>
    new Date(iso).toLocaleString(locale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  // A collaborator without the orders permission: the server answered 403.
  if (isForbidden(q.error)) return <NoPermission />;
  return (
    <div className="stack">
      <SalesTabs />
      <div className="toolbar">
        <h1 style={{ margin: 0 }}>{t('sales.title')}</h1>
        <SelectField
          label={t('sales.filter')}
          value={status}
          onChange={(e) => navigate(adminPaths.sales({ status: e.target.value || undefined }))}
        >
          <option value="">{t('sales.all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`common:orderStatus.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {q.isPending ? (
        <Loading />
      ) : !q.data?.items.length ? (
        <EmptyState title={t('sales.empty')}>
          <p>{t('sales.emptyText')}</p>
        </EmptyState>
      ) : (
        <div className="table-wrap card" style={{ padding: 0 }}>
          <table className="data-table">
            <caption className="visually-hidden">{t('sales.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sales.folio')}</th>
                <th scope="col" className="hide-phone">
                  {t('sales.date')}
                </th>
                <th scope="col">{t('sales.customer')}</th>
                <th scope="col" className="hide-phone">
                  {t('sales.payment')}
                </th>
                <th scope="col" className="num">
                  {t('sales.total')}
                </th>
                <th scope="col">{t('sales.status')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={adminPaths.orderStatus(o.id)}>#{o.folio}</Link>
                    <div className="small muted show-phone">{shortDate(o.createdAt)}</div>
                  </td>
                  <td className="hide-phone">
                    {new Date(o.createdAt).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })}
                  </td>
                  <td>
                    {o.customerName ?? o.email}
                    <div className="small muted hide-phone">{o.email}</div>
                  </td>
                  <td className="hide-phone">{t(`sales.method.${o.paymentMethod}`)}</td>
                  <td className="num">{money(o.totalCents)}</td>
                  <td>
                    <StatusBadge status={o.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label={t('sales.pages')}>
          {Array.from({ length: pages }, (_, i) => i + 1).map((p) =>
            p === page ? (
              <span key={p} aria-current="page">
                {p}
              </span>
            ) : (
              <Link key={p} to={adminPaths.sales({ status: status || undefined, page: p })}>
                {p}
              </Link>
            ),
          )}
        </nav>
      )}
      <OrderLimitsCard />
    </div>
  );
}
