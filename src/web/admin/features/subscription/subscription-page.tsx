/**
 * /admin/suscripcion: my plan and its
 * state, the saved card (brand, last 4, expiry), the next payment, "pay now" when a period is unpaid (a suspended
 * store is reactivated at once), cancelling, and the history of charges. The only admin page a suspended store keeps.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import './i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { EmptyState } from '../../../components/ui/empty-state';
import { useMoney } from '../../../components/ui/price';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import {
  subscriptionCardInput,
  type SubscriptionResponse,
  type SubscriptionView,
} from '../../../../shared/contracts/subscriptions';
import { subscriptionQuery, useCancelSubscription, usePayNow, useSaveCard } from './api';
import { SUBSCRIPTION_PATHS, SubscriptionNav } from './subscription-nav';
import { isForbidden, NoPermission } from '../../shared/no-permission';

type CardIn = z.input<typeof subscriptionCardInput>;
type CardOut = z.output<typeof subscriptionCardInput>;

export function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium' });
}

function StatusBanner({ sub }: { sub: SubscriptionView }) {
  const { t } = useTranslation('subscriptions');
  const date = useDate();
  if (sub.status === 'suspended') return <Alert kind="error">{t('banner.suspended')}</Alert>;
  if (sub.status === 'past_due')
    return <Alert kind="warning">{t('banner.pastDue', { date: sub.suspendsAt ? date(sub.suspendsAt) : '' })}</Alert>;
  if (sub.status === 'cancelled')
    return <Alert kind="info">{t('banner.cancelled', { date: date(sub.currentPeriodEnd) })}</Alert>;
  if (sub.trial)
    return (
      <Alert kind="info">
        {t(sub.paymentMethod ? 'banner.trialWithCard' : 'banner.trial', { date: date(sub.currentPeriodEnd) })}
      </Alert>
    );
  return null;
}

function CardForm({ hasCard }: { hasCard: boolean }) {
  const { t } = useTranslation('subscriptions');
  const save = useSaveCard();
  const form = useForm<CardIn, unknown, CardOut>({
    resolver: zodResolver(subscriptionCardInput, formSchemaOptions),
    defaultValues: { number: '', expMonth: '' as unknown as number, expYear: '' as unknown as number, cvc: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((card) =>
    save.mutate(card, {
      onSuccess: () => form.reset(),
      onError: (err) => setServerFieldErrors(err, form.setError),
    }),
  );
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="card-form-title">
      <h3 id="card-form-title">{hasCard ? t('method.change') : t('method.add')}</h3>
      {save.isSuccess && <Alert kind="success">{t('method.saved')}</Alert>}
      {save.error && <Alert kind="error">{save.error.message}</Alert>}
      <TextField
        label={t('method.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        {...form.register('number')}
        error={fieldError('number')}
      />
      <div className="subscription-card-row">
        <TextField
          label={t('method.expMonth')}
          inputMode="numeric"
          autoComplete="cc-exp-month"
          maxLength={2}
          placeholder="MM"
          {...form.register('expMonth')}
          error={fieldError('expMonth')}
        />
        <TextField
          label={t('method.expYear')}
          inputMode="numeric"
          autoComplete="cc-exp-year"
          maxLength={4}
          placeholder="AAAA"
          {...form.register('expYear')}
          error={fieldError('expYear')}
        />
        <TextField
          label={t('method.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...form.register('cvc')}
          error={fieldError('cvc')}
        />
      </div>
      <p className="muted small">{t('method.secure')}</p>
      <Button type="submit" busy={save.isPending}>
        {t('method.save')}
      </Button>
    </form>
  );
}

function History({ invoices }: { invoices: SubscriptionResponse['invoices'] }) {
  const { t } = useTranslation('subscriptions');
  const money = useMoney();
  const date = useDate();
  return (
    <section className="card stack" aria-labelledby="sub-history-title">
      <h2 id="sub-history-title">{t('history.title')}</h2>
      {invoices.length === 0 ? (
        <EmptyState title={t('history.empty')} />
      ) : (
        <div className="table-wrap">
          <table className="data-table" data-testid="subscription-history">
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.plan')}</th>
                <th scope="col">{t('history.period')}</th>
                <th scope="col">{t('history.amount')}</th>
                <th scope="col">{t('history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((i) => (
                <tr key={i.id}>
                  <td>{date(i.paidAt ?? i.createdAt)}</td>
                  <td>{t(`plan.${i.planId}`)}</td>
                  <td>{t('history.periodValue', { from: date(i.periodStart), to: date(i.periodEnd) })}</td>
                  <td>{money(i.amountCents)}</td>
                  <td>
                    <span className={`badge badge-invoice-${i.status}`}>{t(`history.states.${i.status}`)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function SubscriptionPage() {
  const { t } = useTranslation('subscriptions');
  const money = useMoney();
  const date = useDate();
  const q = useQuery(subscriptionQuery());
  const pay = usePayNow();
  const cancel = useCancelSubscription();
  const [paid, setPaid] = useState(false);
  if (q.isPending) return <Loading />;
  if (isForbidden(q.error)) return <NoPermission />;
  if (!q.data) return <Alert kind="error">{q.error?.message}</Alert>;
  const sub = q.data.subscription;
  const plan = q.data.plans.find((p) => p.id === sub.planId);
  const method = sub.paymentMethod;
  return (
    <div className="stack">
      <h1>{t('title')}</h1>
      <SubscriptionNav />
      <StatusBanner sub={sub} />
      {paid && sub.status === 'active' && <Alert kind="success">{t('summary.paid')}</Alert>}
      {pay.error && <Alert kind="error">{pay.error.message}</Alert>}
      <div className="subscription-grid">
        <section className="card stack" aria-labelledby="sub-plan-title">
          <h2 id="sub-plan-title">{t('summary.title')}</h2>
          <dl className="subscription-facts">
            <div>
              <dt>{t('summary.plan')}</dt>
              <dd data-testid="subscription-plan">
                {t(`plan.${sub.planId}`)}
                {plan && (
                  <span className="muted small">
                    {' · '}
                    {t(`interval.${plan.interval}`, { price: money(plan.priceCents) })}
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('summary.state')}</dt>
              <dd>
                <span className={`badge badge-subscription-${sub.status}`} data-testid="subscription-status">
                  {t(`status.${sub.status}`)}
                </span>
                {sub.trial && sub.status === 'active' && <span className="badge">{t('status.trial')}</span>}
              </dd>
            </div>
            <div>
              <dt>{t('summary.nextPayment')}</dt>
              <dd>
                {sub.nextPaymentAt
                  ? t('summary.nextPaymentValue', {
                      amount: money(sub.nextPaymentCents),
                      date: date(sub.nextPaymentAt),
                    })
                  : t('summary.none')}
              </dd>
            </div>
            <div>
              <dt>{t('summary.periodEnds')}</dt>
              <dd>{date(sub.currentPeriodEnd)}</dd>
            </div>
            {sub.amountDueCents > 0 && (
              <div>
                <dt>{t('summary.due')}</dt>
                <dd>
                  <strong>{money(sub.amountDueCents)}</strong>
                </dd>
              </div>
            )}
          </dl>
          <div className="row">
            {sub.amountDueCents > 0 && (
              <Button
                busy={pay.isPending}
                disabled={!method}
                onClick={() => pay.mutate(undefined, { onSuccess: () => setPaid(true) })}
              >
                {t('summary.payNow', { amount: money(sub.amountDueCents) })}
              </Button>
            )}
            <Link className="btn btn-secondary" to={SUBSCRIPTION_PATHS.plans}>
              {t('summary.changePlan')}
            </Link>
            {sub.status === 'active' && (
              <Button variant="ghost" busy={cancel.isPending} onClick={() => cancel.mutate()}>
                {t('summary.cancel')}
              </Button>
            )}
          </div>
        </section>
        <section className="card stack" aria-labelledby="sub-method-title">
          <h2 id="sub-method-title">{t('method.title')}</h2>
          {method ? (
            <p data-testid="subscription-card">
              <strong>{t('method.card', { brand: method.brand.toUpperCase(), last4: method.last4 })}</strong>
              <br />
              <span className="muted small">
                {t('method.expires', { month: String(method.expMonth).padStart(2, '0'), year: method.expYear })}
              </span>
            </p>
          ) : (
            <p className="muted">{t('method.none')}</p>
          )}
          <CardForm hasCard={Boolean(method)} />
        </section>
      </div>
      <History invoices={q.data.invoices} />
    </div>
  );
}
