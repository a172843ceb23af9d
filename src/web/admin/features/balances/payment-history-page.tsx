/**
 * /admin/balance/payment-history: the store's payouts and its balance movements, newest first. A paid
 * order's movement shows its sale, Vitrina's fee and the net it added (decision 096); a refund's, the fee returned.
 * On a phone each row stacks its cells under their column names (no sideways scrolling).
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { paymentHistoryQuery } from './api/balance';
import { BalanceNav } from './balance-nav';
import { isForbidden, NoPermission } from '../../shared/no-permission';

/** A number cell; one with nothing in it (null) is left out of a row stacked on a phone. */
const numCell = (cents: number | null) => (cents === null ? 'num is-empty' : 'num');

export function PaymentHistoryPage() {
  const { t, i18n } = useTranslation('balances');
  const money = useMoney();
  const q = useQuery(paymentHistoryQuery());
  const fmt = (d: string) =>
    new Date(d).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium', timeStyle: 'short' });
  const signed = (c: number) => (c === 0 ? '—' : `${c > 0 ? '+' : '−'}${money(Math.abs(c))}`);
  if (isForbidden(q.error)) return <NoPermission />;
  return (
    <div className="stack">
      <h1>{t('history.title')}</h1>
      <BalanceNav />
      {q.isPending ? (
        <Loading />
      ) : !q.data ? (
        <Alert kind="error">{q.error?.message}</Alert>
      ) : (
        <>
          <section className="card stack" aria-labelledby="payouts-title">
            <h2 id="payouts-title">{t('history.payouts')}</h2>
            {q.data.payouts.length === 0 ? (
              <EmptyState title={t('history.noPayouts')} />
            ) : (
              <div className="table-wrap">
                <table className="data-table stack-table" data-testid="payouts-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('history.date')}</th>
                      <th scope="col">{t('history.amount')}</th>
                      <th scope="col">{t('history.account')}</th>
                      <th scope="col">{t('history.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.data.payouts.map((p) => (
                      <tr key={p.id}>
                        <td data-label={t('history.date')}>{fmt(p.createdAt)}</td>
                        <td data-label={t('history.amount')} className="num">
                          {money(p.amountCents)}
                        </td>
                        <td data-label={t('history.account')}>
                          {p.bankName} •••• {p.clabeLast4}
                        </td>
                        <td data-label={t('history.status')}>
                          <span className="badge badge-delivered">{t(`history.payoutStatus.${p.status}`)}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section className="card stack" aria-labelledby="movements-title">
            <h2 id="movements-title">{t('history.movements')}</h2>
            {q.data.movements.length === 0 ? (
              <EmptyState title={t('history.noMovements')} />
            ) : (
              <div className="table-wrap">
                <table className="data-table stack-table" data-testid="movements-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('history.date')}</th>
                      <th scope="col">{t('history.what')}</th>
                      <th scope="col" className="num">
                        {t('history.sale')}
                      </th>
                      <th scope="col" className="num">
                        {t('history.fee')}
                      </th>
                      <th scope="col" className="num">
                        {t('history.pending')}
                      </th>
                      <th scope="col" className="num">
                        {t('history.available')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.data.movements.map((m) => (
                      <tr key={m.id} data-kind={m.kind}>
                        <td data-label={t('history.date')}>{fmt(m.createdAt)}</td>
                        <td data-label={t('history.what')}>
                          {m.orderId ? (
                            <Link to={adminPaths.orderStatus(m.orderId)}>{t(`history.kind.${m.kind}`)}</Link>
                          ) : (
                            t(`history.kind.${m.kind}`)
                          )}
                        </td>
                        <td data-label={t('history.sale')} className={numCell(m.saleCents)}>
                          {m.saleCents === null ? '—' : money(m.saleCents)}
                        </td>
                        <td
                          data-label={
                            m.feeCents !== null && m.feeCents < 0 ? t('history.feeReturned') : t('history.fee')
                          }
                          className={numCell(m.feeCents || null)}
                        >
                          {m.feeCents === null || m.feeCents === 0 ? '—' : signed(-m.feeCents)}
                        </td>
                        <td data-label={t('history.pending')} className={numCell(m.pendingCents || null)}>
                          {signed(m.pendingCents)}
                        </td>
                        <td data-label={t('history.available')} className={numCell(m.availableCents || null)}>
                          {signed(m.availableCents)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
