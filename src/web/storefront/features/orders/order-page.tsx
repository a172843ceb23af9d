/**
 * /pedidos/pedido: one order's status timeline, its packages when it ships in several, receipt and, while unpaid at
 * OXXO, the voucher; its factura (asked here for 30 days, then downloaded).
 */
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { storeConfigQuery } from '../../shared/api/get-store-config';
import { orderQuery } from '../../shared/api/get-order';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { OrderDetails, OxxoVoucher } from '../../components/order-details';
import { DeliveryProof } from './delivery-proof';
import { OrderPackages } from './order-packages';
import { OrderInvoicing } from './order-invoicing';

export function OrderPage() {
  const { t, i18n } = useTranslation('account');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('t') ?? undefined;
  const config = useQuery(storeConfigQuery);
  const order = useQuery({ ...orderQuery(id, token), staleTime: 0, refetchInterval: 30_000 });
  if (!id)
    return (
      <div className="container page">
        <Alert kind="error">{t('orders.missing')}</Alert>
      </div>
    );
  if (order.isPending) return <Loading />;
  if (!order.data)
    return (
      <div className="container page">
        <Alert kind="error">{order.error?.message}</Alert>
      </div>
    );
  const o = order.data;
  return (
    <div className="container page stack">
      <Link to={paths.orders()}>← {t('orders.title')}</Link>
      <h1>{t('orders.tracking')}</h1>
      <p>
        <Link to={`/messages?pedido=${o.id}`}>{t('orders.askStore')}</Link>
      </p>
      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">{t('orders.timeline')}</h2>
        <ol className="timeline">
          {o.history.map((h, i) => (
            <li key={`${h.status}-${i}`}>
              <span>
                <strong>{t(`common:orderStatus.${h.status}`)}</strong>{' '}
                <span className="muted small">
                  {new Date(h.at).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX', {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      {o.packages.length > 0 && <OrderPackages order={o} />}
      {o.payment?.method === 'oxxo' && o.payment.status === 'pending' && (
        <OxxoVoucher order={o} storeName={config.data?.nombretienda} />
      )}
      {o.status === 'delivered' && <DeliveryProof orderId={o.id} viewToken={token} />}
      <OrderInvoicing orderId={o.id} viewToken={token} />
      <section className="card">
        <OrderDetails order={o} />
      </section>
    </div>
  );
}
