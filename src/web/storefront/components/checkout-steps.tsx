import { useTranslation } from 'react-i18next';

const STEPS = ['cart', 'address', 'shipping', 'payment', 'finalize'] as const;

/** The checkout stepper: CART / ADDRESS / PICKUP OPTIONS / PAYMENT / FINALIZE. */
export function CheckoutSteps({ current }: { current: (typeof STEPS)[number] }) {
  const { t } = useTranslation('checkout');
  const at = STEPS.indexOf(current);
  return (
    <ol className="stepper" aria-label={t('steps.label')}>
      {STEPS.map((s, i) => (
        <li key={s} className={i < at ? 'done' : undefined} aria-current={i === at ? 'step' : undefined}>
          {t(`steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}
