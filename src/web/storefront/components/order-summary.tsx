import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/ui/price';

/** Totals box: items + shipping + fee − discount = total (integer centavos). */
export function OrderSummary({
  itemsCents,
  shippingCents,
  feeCents = 0,
  discountCents = 0,
  children,
}: {
  itemsCents: number;
  shippingCents: number | null;
  feeCents?: number;
  discountCents?: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const total = itemsCents + (shippingCents ?? 0) + feeCents - discountCents;
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
            <dt>{t('summary.discount')}</dt>
            <dd>−{money(discountCents)}</dd>
          </>
        )}
        <dt className="total">{t('summary.total')}</dt>
        <dd className="total" data-testid="order-total">
          {money(total)}
        </dd>
      </dl>
      {children}
    </aside>
  );
}
