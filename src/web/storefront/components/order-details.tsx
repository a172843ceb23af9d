/**
 * An order as a receipt: folio, date, status, lines, the money lines of its total (products, coupon discount, shipping,
 * OXXO fee, total: src/shared/money.ts orderMoneyLines, as every money screen and email), address, shipping and
 * payment; for a pending OXXO payment the printable cash-payment slip with reference, barcode, amount and expiry.
 */
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/ui/price';
import { StatusBadge } from '../../components/ui/status-badge';
import { Barcode } from './barcode';
import { cardBrandName } from '../../lib/format';
import { formatOptions } from '../../lib/option-labels';
import type { OrderView } from '../../../shared/contracts/checkout';
import { orderMoneyLines } from '../../../shared/money';
import { MoneyLines } from '../../components/ui/money-lines';

export function OxxoVoucher({ order, storeName }: { order: OrderView; storeName?: string }) {
  const { t, i18n } = useTranslation('checkout');
  const money = useMoney();
  const p = order.payment!;
  const expires = p.expiresAt
    ? new Date(p.expiresAt).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX', {
        dateStyle: 'long',
        timeStyle: 'short',
      })
    : '';
  return (
    <section className="voucher" aria-labelledby="voucher-title">
      <h2 id="voucher-title">{t('voucher.title')}</h2>
      <p>{t('voucher.instructions', { store: storeName ?? '' })}</p>
      <div>
        <span className="muted small">{t('voucher.amount')}</span>
        <div className="price" data-testid="voucher-amount">
          {money(p.amountCents)}
        </div>
      </div>
      <div>
        <span className="muted small">{t('voucher.reference')}</span>
        <div className="reference" data-testid="voucher-reference">
          {p.reference}
        </div>
      </div>
      <Barcode value={p.reference ?? ''} label={t('voucher.barcode', { reference: p.reference })} />
      <p>
        <strong>{t('voucher.expires')}:</strong> <span data-testid="voucher-expiry">{expires}</span>
      </p>
      <p className="small muted">{t('voucher.fee', { fee: money(order.feeCents) })}</p>
    </section>
  );
}

export function OrderDetails({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('checkout');
  const money = useMoney();
  const date = new Date(order.createdAt).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return (
    <div className="stack">
      <div className="row">
        <h2 style={{ margin: 0 }}>{t('order.folio', { folio: order.folio })}</h2>
        <StatusBadge status={order.status} />
      </div>
      <p className="muted small">
        {date} · {order.email}
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('order.product')}</th>
              <th scope="col">{t('order.quantity')}</th>
              <th scope="col" className="hide-phone num">
                {t('order.price')}
              </th>
              <th scope="col" className="num">
                {t('order.subtotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((i) => (
              <tr key={i.sku}>
                <td>
                  {i.name}
                  {Object.keys(i.options).length > 0 && (
                    <div className="small muted">{formatOptions(t, i.options)}</div>
                  )}
                  <div className="small muted">{i.codigo}</div>
                </td>
                <td>{i.quantity}</td>
                <td className="hide-phone num">{money(i.unitPriceCents)}</td>
                <td className="num">{money(i.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="summary" style={{ position: 'static' }}>
        <MoneyLines
          lines={orderMoneyLines(order)}
          label={(l) =>
            l.key === 'discount'
              ? l.code
                ? t('summary.discountWithCode', { code: l.code })
                : t('summary.discount')
              : l.key === 'shipping'
                ? `${t('summary.shipping')} (${t(`shipping.services.${order.shippingType}`)})`
                : t(`summary.${l.key}`)
          }
          amount={(l) => (l.key === 'shipping' && l.cents === 0 ? t('summary.free') : undefined)}
          amountTestIds={{ total: 'receipt-total', discount: 'receipt-discount' }}
        />
      </div>
      {order.address && (
        <div>
          <h3>{t('order.deliverTo')}</h3>
          <p>
            {order.address.fullName}
            <br />
            {order.address.street} {order.address.exteriorNumber}
            {order.address.interiorNumber ? ` int. ${order.address.interiorNumber}` : ''}, {order.address.neighborhood}
            <br />
            {order.address.postalCode} {order.address.municipality}, {order.address.state}
            <br />
            {order.address.phone}
          </p>
        </div>
      )}
      <div>
        <h3>{t('order.payment')}</h3>
        <p>
          {order.paymentMethod === 'card'
            ? t('order.paidWithCard', {
                brand: cardBrandName(order.payment?.cardBrand ?? ''),
                last4: order.payment?.cardLast4 ?? '',
              })
            : order.paymentMethod === 'paypal'
              ? t('order.paidWithPayPal')
              : t('order.paidWithOxxo')}
          {order.payment?.status === 'refunded' && (
            <>
              <br />
              <strong>{t('order.refunded')}</strong>
            </>
          )}
        </p>
      </div>
      {order.trackingNumber && (
        <p>
          <strong>{t('order.tracking')}:</strong> {order.trackingNumber}
        </p>
      )}
    </div>
  );
}
