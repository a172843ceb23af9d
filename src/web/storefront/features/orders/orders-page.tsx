/** /pedidos: the signed-in customer's orders with their status. */
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { StatusBadge } from '../../../components/ui/status-badge';
import { myOrdersQuery } from './api/get-my-orders';

export function OrdersPage() {
  const { t, i18n } = useTranslation('account');
  const money = useMoney();
  const customer = useCurrentUser('storefront');
  const orders = useQuery(myOrdersQuery(Boolean(customer.data)));
  if (customer.isPending) return <Loading />;
  if (!customer.data) return <Navigate to={paths.login(paths.orders())} replace />;
  return (
    <div className="container page stack">
      <div className="row">
        <h1 style={{ margin: 0 }}>{t('orders.title')}</h1>
        <span className="spacer" />
        <Link to={paths.profile()}>{t('profile.title')}</Link>
      </div>
      {orders.isPending ? (
        <Loading />
      ) : !orders.data?.items.length ? (
        <EmptyState title={t('orders.empty')}>
          <Link className="btn btn-primary" to={paths.home()}>
            {t('orders.shop')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
          {orders.data.items.map((o) => (
            <li key={o.id}>
              <Link to={paths.order(o.id)} className="card row" style={{ textDecoration: 'none', color: 'inherit' }}>
                <strong>{t('orders.folio', { folio: o.folio })}</strong>
                <StatusBadge status={o.status} />
                <span className="muted small">
                  {new Date(o.createdAt).toLocaleDateString(i18n.language === 'en' ? 'en-US' : 'es-MX')}
                </span>
                <span className="spacer" />
                <span className="small muted">{t('orders.items', { count: o.itemCount })}</span>
                <strong>{money(o.totalCents)}</strong>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
