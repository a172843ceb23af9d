/**
 * /admin/balance/summary (issue 8): total, ready (available) and pending balance, order counts, the lines that make
 * the balance (sales − refunded − Vitrina's fee − cash collected = net; − paid out = balance: src/shared/money.ts
 * balanceLines), a sales chart, and a payout of the available money to the bank account (never more than available:
 * the server checks).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { balanceSummaryQuery, useRequestPayout } from './api/balance';
import { BalanceNav } from './balance-nav';
import { SalesChart } from './sales-chart';
import { MoneyLines } from '../../../components/ui/money-lines';
import { balanceLines } from '../../../../shared/money';

export function BalanceSummaryPage() {
  const { t } = useTranslation('balances');
  const money = useMoney();
  const q = useQuery(balanceSummaryQuery());
  const payout = useRequestPayout();
  const [confirm, setConfirm] = useState(false);
  if (q.isPending) return <Loading />;
  if (!q.data) return <Alert kind="error">{q.error?.message}</Alert>;
  const s = q.data;
  return (
    <div className="stack">
      <h1>{t('summary.title')}</h1>
      <BalanceNav />
      <div className="admin-stats">
        <div className="card stat" data-testid="balance-total">
          <span>{t('summary.total')}</span>
          <strong>{money(s.totalCents)}</strong>
        </div>
        <div className="card stat" data-testid="balance-available">
          <span>{t('summary.available')}</span>
          <strong>{money(s.availableCents)}</strong>
          <span className="small muted">{t('summary.availableOrders', { count: s.availableOrders })}</span>
        </div>
        <div className="card stat" data-testid="balance-pending">
          <span>{t('summary.pending')}</span>
          <strong>{money(s.pendingCents)}</strong>
          <span className="small muted">{t('summary.pendingOrders', { count: s.pendingOrders })}</span>
        </div>
      </div>
      <p className="small muted">{t('summary.releaseHint', { count: s.releaseDays })}</p>
      <section className="card stack" aria-labelledby="earned-title">
        <h2 id="earned-title">{t('summary.earnedTitle')}</h2>
        <MoneyLines testId="balance-lines" lines={balanceLines(s)} label={(l) => t(`summary.lines.${l.key}`)} />
        <p className="small muted">{t('summary.feeNote')}</p>
      </section>
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
        {!s.bankAccount ? (
          <p>
            {t('summary.noBank')} <Link to={paths.admin.bankAccount()}>{t('summary.addBank')}</Link>
          </p>
        ) : s.availableCents <= 0 ? (
          <p className="muted">{t('summary.nothingAvailable')}</p>
        ) : confirm ? (
          <div className="alert alert-warning stack" role="alertdialog" aria-labelledby="payout-q">
            <p id="payout-q">
              {t('summary.payoutConfirm', {
                amount: money(s.availableCents),
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
        ) : (
          <div className="row">
            <Button onClick={() => setConfirm(true)}>
              {t('summary.payoutButton', { amount: money(s.availableCents) })}
            </Button>
            <span className="small muted">
              {t('summary.payoutTo', { bank: s.bankAccount.bankName, last4: s.bankAccount.clabeLast4 })}
            </span>
          </div>
        )}
      </section>
      <section className="card stack" aria-labelledby="sales-title">
        <h2 id="sales-title">{t('summary.salesTitle')}</h2>
        {s.sales.every((d) => d.cents === 0) ? (
          <p className="muted">{t('summary.noSales')}</p>
        ) : (
          <SalesChart sales={s.sales} />
        )}
      </section>
    </div>
  );
}
