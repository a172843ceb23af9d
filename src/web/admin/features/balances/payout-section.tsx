/**
 * The "pay out to your account" card of /admin/balance/summary (decisions 090, 091): only an owner pays out, and not within
 * 24 hours of replacing the bank account (the server refuses; this card says until when). A collaborator with the
 * money permission sees where payouts go and why there is no button for them.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useMoney } from '../../../components/ui/price';
import { localeTag } from '../../../lib/format';
import type { BalanceSummary } from '../../../../shared/contracts/balances';
import { can, useSellerMe } from '../../shared/seller-me';
import { bankAccountQuery, useRequestPayout } from './api/balance';

/**
 * A moment in the page language, date and time (the hold ends at a time of day, not at midnight). Spanish on a
 * 24-hour clock: "a las 10:28", not "10:28 a.m." before the sentence's own full stop.
 */
export function useDateTime() {
  const { i18n } = useTranslation();
  const tag = localeTag(i18n.language);
  return (iso: string) =>
    new Date(iso).toLocaleString(tag, {
      dateStyle: 'long',
      timeStyle: 'short',
      ...(tag === 'es-MX' ? { hourCycle: 'h23' as const } : {}),
    });
}

export function PayoutSection({ summary: s }: { summary: BalanceSummary }) {
  const { t } = useTranslation('balances');
  const money = useMoney();
  const when = useDateTime();
  const me = useSellerMe();
  // A payout takes what is ready as a seller and as a supplier (decision 136).
  const available = s.availableCents + s.supplier.availableCents;
  const owner = can(me.data, 'owner');
  const account = useQuery({ ...bankAccountQuery(), enabled: Boolean(s.bankAccount) });
  const heldUntil = account.data?.account?.payoutsHeldUntil ?? null;
  const payout = useRequestPayout();
  const [confirm, setConfirm] = useState(false);

  let body;
  if (!s.bankAccount)
    body = owner ? (
      <p>
        {t('summary.noBank')} <Link to={adminPaths.bankAccount()}>{t('summary.addBank')}</Link>
      </p>
    ) : (
      <p className="muted">{t('summary.noBankCollaborator')}</p>
    );
  else if (heldUntil)
    body = (
      <Alert kind="info">
        <span data-testid="payout-held">{t('summary.payoutHeld', { date: when(heldUntil) })}</span>
      </Alert>
    );
  else if (available <= 0) body = <p className="muted">{t('summary.nothingAvailable')}</p>;
  else if (!owner)
    body = (
      <p className="muted" data-testid="payout-owner-only">
        {t('summary.ownerOnly', { bank: s.bankAccount.bankName, last4: s.bankAccount.clabeLast4 })}
      </p>
    );
  else if (confirm)
    body = (
      <div className="alert alert-warning stack" role="alertdialog" aria-labelledby="payout-q">
        <p id="payout-q">
          {t('summary.payoutConfirm', {
            amount: money(available),
            bank: s.bankAccount.bankName,
            last4: s.bankAccount.clabeLast4,
          })}
        </p>
        <div className="row">
          <Button
            busy={payout.isPending}
            onClick={() => payout.mutate(undefined, { onSettled: () => setConfirm(false) })}
          >
            {t('summary.payoutYes')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            {t('summary.payoutNo')}
          </Button>
        </div>
      </div>
    );
  else
    body = (
      <div className="row">
        <Button onClick={() => setConfirm(true)}>{t('summary.payoutButton', { amount: money(available) })}</Button>
        <span className="small muted">
          {t('summary.payoutTo', { bank: s.bankAccount.bankName, last4: s.bankAccount.clabeLast4 })}
        </span>
      </div>
    );

  return (
    <section className="card stack" aria-labelledby="payout-title">
      <h2 id="payout-title">{t('summary.payoutTitle')}</h2>
      {payout.isSuccess && (
        <Alert kind="success">
          {t('summary.payoutDone', {
            amount: money(payout.data.amountCents),
            bank: payout.data.bankName,
            last4: payout.data.clabeLast4,
          })}
        </Alert>
      )}
      {payout.error && <Alert kind="error">{payout.error.message}</Alert>}
      {body}
    </section>
  );
}
