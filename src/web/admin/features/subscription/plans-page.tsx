/**
 * /admin/suscripcion/plans and /admin/suscripcion/plans/premium (decision 060): the monthly and yearly plans,
 * and the premium plan, each with its price, Vitrina's fee on sales (decision 096) and a button to choose it (from the
 * next payment).
 */
import './i18n';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import type { Plan, PlanId } from '../../../../shared/contracts/subscriptions';
import { formatFeeRate } from '../../../../shared/money';
import { subscriptionQuery, useChangePlan } from './api';
import { SUBSCRIPTION_PATHS, SubscriptionNav } from './subscription-nav';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { premiumFeatureKeys } from './premium-features';

function PlanCard({
  plan,
  current,
  onChoose,
  busy,
  children,
}: {
  plan: Plan;
  current: boolean;
  onChoose: () => void;
  busy: boolean;
  children: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('subscriptions');
  const money = useMoney();
  const name = t(`plan.${plan.id}`);
  return (
    <section
      className={`card stack subscription-plan${current ? ' is-current' : ''}`}
      aria-labelledby={`plan-${plan.id}`}
      data-testid={`plan-${plan.id}`}
    >
      <h2 id={`plan-${plan.id}`}>{name}</h2>
      <p className="subscription-price">{t(`interval.${plan.interval}`, { price: money(plan.priceCents) })}</p>
      <p data-testid={`plan-fee-${plan.id}`}>
        {t('plans.fee', { rate: formatFeeRate(plan.platformFeeBps, i18n.language === 'en' ? 'en' : 'es') })}
      </p>
      {children}
      {current ? (
        <p className="badge">{t('plans.current')}</p>
      ) : (
        <Button onClick={onChoose} busy={busy}>
          {t('plans.choose', { plan: name })}
        </Button>
      )}
    </section>
  );
}

function usePlans() {
  const q = useQuery(subscriptionQuery());
  const change = useChangePlan();
  return { q, change };
}

function Changed({ planId }: { planId: PlanId | undefined }) {
  const { t } = useTranslation('subscriptions');
  return planId ? <Alert kind="success">{t('plans.changed', { plan: t(`plan.${planId}`) })}</Alert> : null;
}

export function PlansPage() {
  const { t } = useTranslation('subscriptions');
  const { q, change } = usePlans();
  if (q.isPending) return <Loading />;
  if (isForbidden(q.error)) return <NoPermission />;
  if (!q.data) return <Alert kind="error">{q.error?.message}</Alert>;
  const current = q.data.subscription.planId;
  const shown = q.data.plans.filter((p) => p.id === 'monthly' || p.id === 'yearly');
  return (
    <div className="stack">
      <h1>{t('plans.title')}</h1>
      <SubscriptionNav />
      <p>{t('plans.intro')}</p>
      <Changed planId={change.isSuccess ? change.data.planId : undefined} />
      {change.error && <Alert kind="error">{change.error.message}</Alert>}
      <div className="subscription-grid">
        {shown.map((p) => (
          <PlanCard
            key={p.id}
            plan={p}
            current={p.id === current}
            busy={change.isPending && change.variables === p.id}
            onChoose={() => change.mutate(p.id)}
          >
            <p className="muted">{p.id === 'yearly' ? t('plans.yearlySaving') : t('plans.monthlyText')}</p>
          </PlanCard>
        ))}
      </div>
      <p>
        <Link to={SUBSCRIPTION_PATHS.premium}>{t('plans.seePremium')}</Link>
      </p>
    </div>
  );
}

export function PremiumPlanPage() {
  const { t } = useTranslation('subscriptions');
  const { q, change } = usePlans();
  if (q.isPending) return <Loading />;
  if (isForbidden(q.error)) return <NoPermission />;
  if (!q.data) return <Alert kind="error">{q.error?.message}</Alert>;
  const premium = q.data.plans.find((p) => p.id === 'premium');
  return (
    <div className="stack">
      <h1>{t('plans.premiumTitle')}</h1>
      <SubscriptionNav />
      <Changed planId={change.isSuccess ? change.data.planId : undefined} />
      {change.error && <Alert kind="error">{change.error.message}</Alert>}
      {premium && (
        <PlanCard
          plan={premium}
          current={q.data.subscription.planId === 'premium'}
          busy={change.isPending}
          onChoose={() => change.mutate('premium')}
        >
          <p>{t('plans.premiumIntro')}</p>
          <ul>
            {/* Custom domains and dropshipping are listed once they exist (decision 108). */}
            {premiumFeatureKeys().map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </PlanCard>
      )}
      <p>
        <Link to={SUBSCRIPTION_PATHS.plans}>{t('plans.backToPlans')}</Link>
      </p>
    </div>
  );
}
