/** The tabs between the subscription pages: mine, plans, premium. */
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export const SUBSCRIPTION_PATHS = {
  mine: '/admin/suscripcion',
  plans: '/admin/suscripcion/plans',
  premium: '/admin/suscripcion/plans/premium',
} as const;

export function SubscriptionNav() {
  const { t } = useTranslation('subscriptions');
  return (
    <nav aria-label={t('nav.label')} className="balance-nav">
      <NavLink to={SUBSCRIPTION_PATHS.mine} end>
        {t('nav.mine')}
      </NavLink>
      <NavLink to={SUBSCRIPTION_PATHS.plans} end>
        {t('nav.plans')}
      </NavLink>
      <NavLink to={SUBSCRIPTION_PATHS.premium} end>
        {t('nav.premium')}
      </NavLink>
    </nav>
  );
}
