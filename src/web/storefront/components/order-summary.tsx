import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/ui/price';
import type { CheckoutTotals } from '../shared/totals';

/** Totals box: items + shipping + fee − discount = total (integer centavos, computed by `checkoutTotals`). */
export function OrderSummary({
  totals,
  couponCode,
  children,
}: {
  totals: CheckoutTotals;
  /** The coupon whose discount is in the totals, named on the discount line. */
  couponCode?: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const { itemsCents, shippingCents, feeCents, discountCents, totalCents } = totals;
  return (
    <aside className="card summary" aria-label={t('summary.title')}>
      <h2>{t('summary.title')}</h2>
      <dl>
        <dt>{t('summary.items')}</dt>
        <dd>{money(itemsCents)}</dd>
        <dt>{t('summary.shipping')}</dt>
        <dd>
          {shippingCents === null
            ? t('summary.shippingLater')
            : shippingCents === 0
              ? t('summary.free')
              : money(shippingCents)}
        </dd>
        {feeCents > 0 && (
          <>
            <dt>{t('summary.oxxoFee')}</dt>
            <dd>{money(feeCents)}</dd>
          </>
        )}
        {discountCents > 0 && (
          <>
            <dt>{couponCode ? t('summary.discountWithCode', { code: couponCode }) : t('summary.discount')}</dt>
            <dd data-testid="order-discount">−{money(discountCents)}</dd>
          </>
        )}
        <dt className="total">{t('summary.total')}</dt>
        <dd className="total" data-testid="order-total">
          {money(totalCents)}
        </dd>
      </dl>
      {children}
    </aside>
  );
}
