/**
 * /admin/balance/summary: total, ready (available) and pending balance, order counts, the lines that make
 * the balance (sales − refunded − Vitrina's fee − cash collected = net; − paid out = balance: src/shared/money.ts
 * balanceLines), a sales chart, and a payout of the available money to the bank account (never more than available:
 * the server checks; owners only, payout-section.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { balanceSummaryQuery } from './api/balance';
import { PayoutSection } from './payout-section';
import { BalanceNav } from './balance-nav';
import { SalesChart } from './sales-chart';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { MoneyLines } from '../../../components/ui/money-lines';
import { balanceLines } from '../../../../shared/money';

export function BalanceSummaryPage() {
  const { t } = useTranslation('balances');
  const money = useMoney();
  const q = useQuery(balanceSummaryQuery());
  if (q.isPending) return <Loading />;
  if (isForbidden(q.error)) return <NoPermission />;
  if (!q.data) return <Alert kind="error">{q.error?.message}</Alert>;
  const s = q.data;
  // The cards count what the store is owed as a seller and as a supplier: both are paid out together (decision 136).
  const total = s.totalCents + s.supplier.totalCents;
  const available = s.availableCents + s.supplier.availableCents;
  const pending = s.pendingCents + s.supplier.pendingCents;
  return (
    <div className="stack">
      <h1>{t('summary.title')}</h1>
      <BalanceNav />
      <div className="admin-stats">
        <div className="card stat" data-testid="balance-total">
          <span>{t('summary.total')}</span>
          <strong>{money(total)}</strong>
        </div>
        <div className="card stat" data-testid="balance-available">
          <span>{t('summary.available')}</span>
          <strong>{money(available)}</strong>
          <span className="small muted">{t('summary.availableOrders', { count: s.availableOrders })}</span>
        </div>
        <div className="card stat" data-testid="balance-pending">
          <span>{t('summary.pending')}</span>
          <strong>{money(pending)}</strong>
          <span className="small muted">{t('summary.pendingOrders', { count: s.pendingOrders })}</span>
        </div>
      </div>
      <p className="small muted">{t('summary.releaseHint', { count: s.releaseDays })}</p>
      {s.supplier.totalCents !== 0 || s.supplier.netCents !== 0 ? (
        <section className="card stack" aria-labelledby="supplier-title" data-testid="balance-supplier">
          <h2 id="supplier-title">{t('summary.supplierTitle')}</h2>
          <div className="admin-stats">
            <div className="stat">
              <span>{t('summary.available')}</span>
              <strong>{money(s.supplier.availableCents)}</strong>
            </div>
            <div className="stat">
              <span>{t('summary.pending')}</span>
              <strong>{money(s.supplier.pendingCents)}</strong>
            </div>
          </div>
          <p className="small muted">{t('summary.supplierHint')}</p>
        </section>
      ) : null}
      <section className="card stack" aria-labelledby="earned-title">
        <h2 id="earned-title">{t('summary.earnedTitle')}</h2>
        <MoneyLines testId="balance-lines" lines={balanceLines(s)} label={(l) => t(`summary.lines.${l.key}`)} />
        <p className="small muted">{t('summary.feeNote')}</p>
      </section>
      <PayoutSection summary={s} />
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
