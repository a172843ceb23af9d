/** Paying in cash at OXXO on the payment page: its choice (with the store's fee added) and how to pay. */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useMoney } from '../../../components/ui/price';
import type { PaymentForm } from './card-payment';

/** OXXO's choice among the payment methods, with the store's fee for it in centavos. */
export function OxxoOption({ form, feeCents }: { form: PaymentForm; feeCents: number }) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  return (
    <label className="radio-card">
      <input type="radio" value="oxxo" {...form.register('method')} />
      <span>
        <strong>{t('payment.oxxo')}</strong>
        <span className="small muted" style={{ display: 'block' }}>
          {t('payment.oxxoText', { fee: money(feeCents) })}
        </span>
      </span>
    </label>
  );
}

/** How to pay at OXXO, shown while it is chosen. */
export function OxxoHowTo() {
  const { t } = useTranslation('checkout');
  return <Alert kind="info">{t('payment.oxxoHowTo')}</Alert>;
}
