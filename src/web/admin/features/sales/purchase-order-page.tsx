/**
 * /admin/ventas/revendedores/:id: one purchase order as its supplier sees it (decision 135): its lines at wholesale
 * (the supplier's SKU, photo, options), the money it is owed before Vitrina's fee (wholesale + shipping), where to
 * ship and by which service, and the moves the server allows: ready, on the way (with the tracking number),
 * delivered, or rejected with a reason (the shopper is refunded those lines); units of one line refunded after a
 * confirmation (purchase-order-refund.tsx). Nothing of the shopper but the ship-to.
 */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { MoneyLines } from '../../../components/ui/money-lines';
import { useMoney } from '../../../components/ui/price';
import { ProductImage } from '../../../components/ui/product-image';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatOptions } from '../../../lib/option-labels';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { purchaseOrderQuery, useMovePurchaseOrder } from './api/purchase-orders';
import { PackageMoves } from './package-moves';
import { PurchaseOrderLineRefund } from './purchase-order-refund';
import { ShipTo } from './ship-to';

export function PurchaseOrderPage() {
  const { t, i18n } = useTranslation('admin');
  const money = useMoney();
  const id = useParams().id ?? '';
  const q = useQuery(purchaseOrderQuery(id));
  const move = useMovePurchaseOrder(id);
  const back = <Link to={adminPaths.purchaseOrders()}>← {t('purchaseOrders.title')}</Link>;
  if (q.isPending) return <Loading />;
  if (isForbidden(q.error)) return <NoPermission />;
  if (!q.data)
    return (
      <div className="stack">
        {back}
        <Alert kind="error">{q.error?.message}</Alert>
      </div>
    );
  const po = q.data;
  // The estimate as the order kept it: "3-5" (business days) in words, any other text as it came.
  const deliveryText = (e: string) => {
    const m = /^(\d+)-(\d+)$/.exec(e);
    return m ? t('purchaseOrders.days', { min: m[1], max: m[2] }) : e;
  };
  const fmt = (d: string) =>
    new Date(d).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="stack">
      {back}
      <div className="row">
        <h1 style={{ margin: 0 }}>
          {t('purchaseOrders.detailTitle')} <span style={{ whiteSpace: 'nowrap' }}>{po.number}</span>
        </h1>
        <StatusBadge status={po.status} />
      </div>
      <p className="muted small">
        {fmt(po.createdAt)} · {t('purchaseOrders.forReseller', { store: po.resellerStoreName })}
      </p>
      {move.isSuccess && (
        <Alert kind="success">{t('packages.updated', { status: t(`common:orderStatus.${po.status}`) })}</Alert>
      )}
      {po.status === 'rejected' && po.rejectReason && (
        <Alert kind="info">{t('packages.rejectedBecause', { reason: po.rejectReason })}</Alert>
      )}
      <section className="card stack" aria-labelledby="po-status">
        <h2 id="po-status">{t('order.changeStatus')}</h2>
        <PackageMoves
          next={po.nextStatuses}
          busyStatus={move.isPending ? move.variables?.status : undefined}
          error={move.error?.message}
          onMove={(m, done) => move.mutate(m, { onSuccess: done })}
        />
      </section>
      <div className="admin-columns">
        <section className="card stack" aria-labelledby="po-lines">
          <h2 id="po-lines">{t('order.items')}</h2>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="po-lines">
            {po.lines.map((l) => (
              <li key={l.sku} className="cart-line">
                <ProductImage base={l.image} alt="" sizes="72px" />
                <div>
                  <strong>{l.name}</strong>
                  <div className="small muted">
                    {t('purchaseOrders.sku', { sku: l.sku })}
                    {Object.keys(l.options).length > 0 && <> · {formatOptions(t, l.options)}</>}
                  </div>
                  <div className="small">
                    {money(l.wholesaleUnitCents)} × {l.quantity} = <strong>{money(l.lineWholesaleCents)}</strong>
                  </div>
                  {l.refundedQuantity > 0 && (
                    <div className="small muted">
                      {t('purchaseOrders.refund.refunded', { count: l.refundedQuantity })}
                    </div>
                  )}
                  <PurchaseOrderLineRefund po={po} line={l} />
                </div>
              </li>
            ))}
          </ul>
          <MoneyLines
            testId="po-money"
            lines={[
              { key: 'wholesale', cents: po.wholesaleCents },
              { key: 'shipping', cents: po.shippingCents },
              { key: 'total', cents: po.wholesaleCents + po.shippingCents },
            ]}
            label={(l) => t(`purchaseOrders.lines.${l.key}`)}
          />
          <p className="small muted">{t('purchaseOrders.moneyNote')}</p>
        </section>
        <section className="card stack" aria-labelledby="po-ship">
          <h2 id="po-ship">{t('purchaseOrders.shipTo')}</h2>
          {po.shipTo ? <ShipTo address={po.shipTo} /> : <p className="muted">{t('purchaseOrders.noAddress')}</p>}
          <h2>{t('purchaseOrders.service')}</h2>
          <p>
            {t(`order.shippingType.${po.shipping.servicio}`, { defaultValue: po.shipping.servicio })} ·{' '}
            {po.shipping.proveedor}
            {po.shipping.entrega ? ` · ${deliveryText(po.shipping.entrega)}` : ''}
          </p>
          {po.trackingNumber && (
            <p>
              <strong>{t('order.tracking')}:</strong> {po.trackingNumber}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
