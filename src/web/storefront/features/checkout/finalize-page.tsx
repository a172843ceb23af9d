/** /micarrito/finaliza: order confirmation with a printable receipt and, for OXXO, the cash-payment slip. */
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { storeConfigQuery } from '../../shared/api/get-store-config';
import { orderQuery } from '../../shared/api/get-order';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { CheckoutSteps } from '../../components/checkout-steps';
import { OrderDetails, OxxoVoucher } from '../../components/order-details';

export function FinalizePage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  const id = params.get('pedido') ?? '';
  const token = params.get('t') ?? undefined;
  const config = useQuery(storeConfigQuery);
  const order = useQuery(orderQuery(id, token));
  if (order.isPending) return <Loading />;
  if (!order.data)
    return (
      <div className="container page">
        <Alert kind="error">{order.error?.message ?? t('order.notFound')}</Alert>
      </div>
    );
  const o = order.data;
  const oxxoPending = o.payment?.method === 'oxxo' && o.payment.status === 'pending';
  return (
    <div className="container page">
      <CheckoutSteps current="finalize" />
      <div className="stack">
        <Alert kind="success">
          <strong>{oxxoPending ? t('done.oxxoTitle') : t('done.title')}</strong>{' '}
          {t('done.text', { folio: o.folio, email: o.email })}
        </Alert>
        {oxxoPending && <OxxoVoucher order={o} storeName={config.data?.nombretienda} />}
        <section className="card print-area">
          <h1 className="visually-hidden">{t('done.receipt')}</h1>
          <OrderDetails order={o} />
        </section>
        <div className="row no-print">
          <Button onClick={() => window.print()}>{oxxoPending ? t('done.printSlip') : t('done.printReceipt')}</Button>
          <Link className="btn btn-secondary" to={paths.order(o.id, token)}>
            {t('done.track')}
          </Link>
          <Link className="btn btn-ghost" to={paths.home()}>
            {t('cart.keepShopping')}
          </Link>
        </div>
      </div>
    </div>
  );
}
