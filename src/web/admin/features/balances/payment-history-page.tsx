/** /admin/balance/payment-history (issue 8): the store's payouts and its balance movements, newest first. */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { paymentHistoryQuery } from './api/balance';
import { BalanceNav } from './balance-nav';
import { isForbidden, NoPermission } from '../../shared/no-permission';

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
                <table className="data-table" data-testid="payouts-table">
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
                        <td>{fmt(p.createdAt)}</td>
                        <td>{money(p.amountCents)}</td>
                        <td>
                          {p.bankName} •••• {p.clabeLast4}
                        </td>
                        <td>
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
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('history.date')}</th>
                      <th scope="col">{t('history.what')}</th>
                      <th scope="col">{t('history.pending')}</th>
                      <th scope="col">{t('history.available')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.data.movements.map((m) => (
                      <tr key={m.id}>
                        <td>{fmt(m.createdAt)}</td>
                        <td>
                          {m.orderId ? (
                            <Link to={paths.admin.orderStatus(m.orderId)}>{t(`history.kind.${m.kind}`)}</Link>
                          ) : (
                            t(`history.kind.${m.kind}`)
                          )}
                        </td>
                        <td>{signed(m.pendingCents)}</td>
                        <td>{signed(m.availableCents)}</td>
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
