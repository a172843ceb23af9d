/**
 * /admin/ventas/revendedores: the supplier's purchase orders (decision 135), the packages of other stores' orders
 * that it ships from its own stock: number "<folio>-<n>", the reseller's store, status, date, units, wholesale and
 * shipping; filterable by status, paged. Empty for a store that supplies nobody: the empty state says what it is.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { FulfilmentStatus } from '../../../../shared/contracts/checkout';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { purchaseOrdersQuery } from './api/purchase-orders';
import { SalesTabs } from './sales-tabs';

const STATUSES: FulfilmentStatus[] = ['paid', 'ready_to_ship', 'on_the_way', 'delivered', 'rejected', 'cancelled'];

export function PurchaseOrdersPage() {
  const { t, i18n } = useTranslation('admin');
  const money = useMoney();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('status') as FulfilmentStatus;
  const status = STATUSES.includes(asked) ? asked : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery({ ...purchaseOrdersQuery(status || undefined, page), refetchInterval: 60_000 });
  const pages = q.data ? Math.ceil(q.data.total / q.data.pageSize) : 0;
  const locale = i18n.language === 'en' ? 'en-US' : 'es-MX';
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short' });
  if (isForbidden(q.error)) return <NoPermission />;
  return (
    <div className="stack">
      <SalesTabs />
      <div className="toolbar">
        <h1 style={{ margin: 0 }}>{t('purchaseOrders.title')}</h1>
        <SelectField
          label={t('sales.filter')}
          value={status}
          onChange={(e) => navigate(adminPaths.purchaseOrders({ status: e.target.value || undefined }))}
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
      ) : q.isError && !q.data ? (
        <Alert kind="error">{q.error.message}</Alert>
      ) : !q.data?.items.length ? (
        <EmptyState title={status ? t('purchaseOrders.emptyFiltered') : t('purchaseOrders.empty')}>
          <p>{t('purchaseOrders.emptyText')}</p>
        </EmptyState>
      ) : (
        <div className="table-wrap card" style={{ padding: 0 }}>
          <table className="data-table" data-testid="purchase-orders">
            <caption className="visually-hidden">{t('purchaseOrders.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('purchaseOrders.number')}</th>
                <th scope="col">{t('purchaseOrders.reseller')}</th>
                <th scope="col" className="hide-phone">
                  {t('sales.date')}
                </th>
                <th scope="col" className="num hide-phone">
                  {t('purchaseOrders.units')}
                </th>
                <th scope="col" className="num">
                  {t('purchaseOrders.wholesale')}
                </th>
                <th scope="col" className="num hide-phone">
                  {t('purchaseOrders.shipping')}
                </th>
                <th scope="col">{t('sales.status')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((po) => (
                <tr key={po.id}>
                  <td>
                    <Link to={adminPaths.purchaseOrder(po.id)}>{po.number}</Link>
                    <div className="small muted show-phone">{date(po.createdAt)}</div>
                  </td>
                  <td>
                    {po.resellerStoreName}
                    <div className="small muted show-phone">{t('purchaseOrders.unitsCount', { count: po.units })}</div>
                  </td>
                  <td className="hide-phone">{date(po.createdAt)}</td>
                  <td className="num hide-phone">{po.units}</td>
                  <td className="num">{money(po.wholesaleCents)}</td>
                  <td className="num hide-phone">{money(po.shippingCents)}</td>
                  <td>
                    <StatusBadge status={po.status} />
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
              <Link key={p} to={adminPaths.purchaseOrders({ status: status || undefined, page: p })}>
                {p}
              </Link>
            ),
          )}
        </nav>
      )}
    </div>
  );
}
