/**
 * The seller's money of one order (decisions 095, 096, 147): what the buyer paid, Vitrina's fee (its rate of the
 * products after the coupon, never of shipping or the OXXO fee), what the payment provider kept of the payment with
 * the same amount back as Vitrina pays it, what went back to the buyer with the fee part returned, and the net for the
 * store; for cash the seller took by hand, the cash already in hand and what is left for the balance. The lines come
 * from src/shared/money.ts settlementLines, as in the balance; an unpaid order shows the estimate.
 */
import { useTranslation } from 'react-i18next';
import { MoneyLines } from '../../../components/ui/money-lines';
import { useMoney } from '../../../components/ui/price';
import { formatFeeRate, PROVIDER_FEES, settlementLines, type ProviderPaymentMethod } from '../../../../shared/money';
import type { OrderSettlement } from '../../../../shared/contracts/checkout';

export function OrderMoney({ settlement: s, paymentMethod }: { settlement: OrderSettlement; paymentMethod: string }) {
  const { t, i18n } = useTranslation('admin');
  const money = useMoney();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const provider = PROVIDER_FEES[paymentMethod as ProviderPaymentMethod];
  const label = (key: string) => {
    if (key === 'fee')
      return t('order.money.fee', { rate: formatFeeRate(s.feeBps, lang), base: money(s.feeBaseCents) });
    if (key === 'paymentFee' && provider)
      return t('order.money.paymentFee', {
        method: t(`order.money.methods.${paymentMethod}`),
        rate: formatFeeRate(provider.bps, lang),
        fixed: money(provider.fixedCents),
      });
    return t(`order.money.${key}`);
  };
  return (
    <section className="card stack" aria-labelledby="order-money-title">
      <h2 id="order-money-title">{t('order.money.title')}</h2>
      <MoneyLines testId="order-money" lines={settlementLines(s)} label={(l) => label(l.key)} />
      <p className="small muted">{t(s.status === 'estimated' ? 'order.money.estimated' : 'order.money.note')}</p>
    </section>
  );
}
