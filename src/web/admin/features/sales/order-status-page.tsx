/**
 * /admin/orderStatus: an order's detail and the buttons for its allowed next statuses (from the server's
 * transition table); cancelling asks for confirmation and releases the stock; "on the way" takes a tracking number.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { OrderStatus } from '../../../../shared/contracts/checkout';
import { adminOrderQuery } from './api/get-order';
import { useChangeOrderStatus } from './api/change-order-status';
import { DeliveryProofCard } from '../../shared/delivery/delivery-proof-card';
import { OrderRefunds } from './order-refunds';
import { OrderMoney } from './order-money';
import { OrderPackages } from './order-packages';
import { MoneyLines } from '../../../components/ui/money-lines';
import { orderMoneyLines } from '../../../../shared/money';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { formatOptions } from '../../../lib/option-labels';
import { can, useSellerMe } from '../../shared/seller-me';
import { OrderInvoices } from './order-invoices';

export function OrderStatusPage() {
  const { t, i18n } = useTranslation('admin');
  const money = useMoney();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [tracking, setTracking] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const me = useSellerMe();
  const order = useQuery(adminOrderQuery(id));
  const change = useChangeOrderStatus(id);
  const move = (status: OrderStatus) =>
    change.mutate(
      { status, trackingNumber: status === 'on_the_way' && tracking ? tracking : undefined },
      { onSuccess: () => setConfirmCancel(false) },
    );
  if (!id) return <Alert kind="error">{t('order.missing')}</Alert>;
  if (order.isPending) return <Loading />;
  if (isForbidden(order.error)) return <NoPermission />;
  if (!order.data) return <Alert kind="error">{order.error?.message}</Alert>;
  const o = order.data;
  const fmt = (d: string) =>
    new Date(d).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium', timeStyle: 'short' });
  const forward = o.nextStatuses.filter((s) => s !== 'cancelled');
  return (
    <div className="stack">
      <Link to={adminPaths.sales()}>← {t('sales.title')}</Link>
      <div className="row">
        <h1 style={{ margin: 0 }}>{t('order.title', { folio: o.folio })}</h1>
        <StatusBadge status={o.status} />
      </div>
      <p className="muted small">
        {fmt(o.createdAt)} · {o.customerName ?? ''} · {o.email}
      </p>
      {change.error && <Alert kind="error">{change.error.message}</Alert>}
      {o.refundDueCents > 0 && (
        <Alert kind="warning">
          {t(o.status === 'cancelled' ? 'order.refundDue' : 'order.refundDuePaidTwice', {
            amount: money(o.refundDueCents),
          })}
        </Alert>
      )}
      {change.isSuccess && (
        <Alert kind="success">{t('order.updated', { status: t(`common:orderStatus.${o.status}`) })}</Alert>
      )}
      <DeliveryProofCard orderId={o.id} status={o.status} />
      {/* A marketplace order moves package by package; the order itself may only still be cancelled. */}
      {o.packages.length > 0 && <OrderPackages order={o} />}
      {!(o.packages.length > 0 && o.nextStatuses.length === 0) && (
        <section className="card stack" aria-labelledby="next-status">
          <h2 id="next-status">{t(o.packages.length > 0 ? 'packages.orderStatus' : 'order.changeStatus')}</h2>
          {o.nextStatuses.length === 0 && <p className="muted">{t('order.final')}</p>}
          {o.nextStatuses.includes('on_the_way') && (
            <TextField label={t('order.tracking')} value={tracking} onChange={(e) => setTracking(e.target.value)} />
          )}
          <div className="row">
            {forward.map((s) => (
              <Button key={s} busy={change.isPending && change.variables?.status === s} onClick={() => move(s)}>
                {t('order.moveTo', { status: t(`common:orderStatus.${s}`) })}
              </Button>
            ))}
            {o.nextStatuses.includes('cancelled') && !confirmCancel && (
              <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                {t('order.cancel')}
              </Button>
            )}
          </div>
          {confirmCancel && (
            <div className="alert alert-warning stack" role="alertdialog" aria-labelledby="cancel-q">
              <p id="cancel-q">{t('order.cancelConfirm')}</p>
              {o.payment?.status === 'succeeded' && o.payment.amountCents > 0 && (
                <p>
                  {t(
                    o.payment.method === 'paypal'
                      ? 'order.cancelConfirmPaidPayPal'
                      : o.payment.method === 'card'
                        ? 'order.cancelConfirmPaidCard'
                        : 'order.cancelConfirmPaidOxxo',
                    {
                      amount: money(o.payment.amountCents),
                    },
                  )}
                </p>
              )}
              <div className="row">
                <Button variant="danger" busy={change.isPending} onClick={() => move('cancelled')}>
                  {t('order.cancelYes')}
                </Button>
                <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
                  {t('order.cancelNo')}
                </Button>
              </div>
            </div>
          )}
        </section>
      )}
      {o.settlement && <OrderMoney settlement={o.settlement} paymentMethod={o.paymentMethod} />}
      {/* Refunds move the store's money: shown to whoever has the money permission, like the server's check. */}
      {can(me.data, 'money') && <OrderRefunds orderId={o.id} paymentMethod={o.paymentMethod} />}
      <OrderInvoices orderId={o.id} />
      <div className="admin-columns">
        <section className="card stack">
          <h2>{t('order.items')}</h2>
          <div className="table-wrap">
            <table className="data-table">
              <tbody>
                {o.items.map((i) => (
                  <tr key={i.sku}>
                    <td>
                      {i.name}
                      <div className="small muted">
                        {i.sku} {formatOptions(t, i.options)}
                      </div>
                    </td>
                    <td>× {i.quantity}</td>
                    <td>{money(i.lineTotalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MoneyLines
            testId="order-lines"
            lines={orderMoneyLines(o)}
            label={(l) =>
              l.key === 'discount' && l.code ? t('order.discountWithCode', { code: l.code }) : t(`order.lines.${l.key}`)
            }
          />
        </section>
        <section className="card stack">
          <h2>{t('order.delivery')}</h2>
          <p>
            {t(`order.shippingType.${o.shippingType}`)} · {o.shipping.proveedor}
          </p>
          {o.address && (
            <p>
              {o.address.fullName}
              <br />
              {o.address.street} {o.address.exteriorNumber}
              {o.address.interiorNumber ? ` int. ${o.address.interiorNumber}` : ''}, {o.address.neighborhood}
              <br />
              {o.address.postalCode} {o.address.municipality}, {o.address.state}
              <br />
              {o.address.phone}
              {o.address.deliveryInstructions ? (
                <>
                  <br />
                  <em>{o.address.deliveryInstructions}</em>
                </>
              ) : null}
            </p>
          )}
          {o.trackingNumber && (
            <p>
              <strong>{t('order.tracking')}:</strong> {o.trackingNumber}
            </p>
          )}
          <h2>{t('order.payment')}</h2>
          <p>
            {o.payment?.amountCents === 0
              ? t('order.nothingToCharge')
              : o.paymentMethod === 'card'
                ? t('order.card', { brand: o.payment?.cardBrand ?? '', last4: o.payment?.cardLast4 ?? '' })
                : o.paymentMethod === 'paypal'
                  ? t('order.paypal')
                  : o.payment?.reference
                    ? t('order.oxxo', { reference: o.payment.reference })
                    : t('order.paidByHand')}{' '}
            · {o.payment ? t(`order.paymentStatus.${o.payment.status}`) : ''}
          </p>
          <h2>{t('order.history')}</h2>
          <ol className="timeline">
            {o.history.map((h, i) => (
              <li key={i}>
                <span>
                  {t(`common:orderStatus.${h.status}`)} <span className="muted small">{fmt(h.at)}</span>
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
