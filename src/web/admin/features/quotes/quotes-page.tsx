/** /admin/cotizaciones: the store's quote requests, unanswered first, with their status; each opens its answer page. */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import { QuoteStatusBadge, useQuoteDay } from '../../../shared/quotes/quote-answer-view';
import { adminPaths } from '../../shared/paths';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { storeQuotesQuery } from './api/quotes';

export function QuotesPage() {
  const { t } = useTranslation('admin');
  const q = useQuery(storeQuotesQuery());
  const day = useQuoteDay();
  if (isForbidden(q.error)) return <NoPermission />;
  return (
    <div className="stack">
      <h1>{t('quotes.title')}</h1>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Alert kind="error">{q.error.message}</Alert>
      ) : !q.data.quotes.length ? (
        <EmptyState title={t('quotes.empty')}>
          <p>{t('quotes.emptyText')}</p>
        </EmptyState>
      ) : (
        <div className="table-wrap card" style={{ padding: 0 }}>
          <table className="data-table">
            <caption className="visually-hidden">{t('quotes.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('quotes.product')}</th>
                <th scope="col" className="num">
                  {t('quotes.quantity')}
                </th>
                <th scope="col" className="hide-phone">
                  {t('quotes.destination')}
                </th>
                <th scope="col" className="hide-phone">
                  {t('quotes.buyer')}
                </th>
                <th scope="col" className="hide-phone">
                  {t('quotes.requested')}
                </th>
                <th scope="col">{t('quotes.state')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.quotes.map((x) => (
                <tr key={x.id}>
                  <td>
                    <Link to={adminPaths.quote(x.id)}>{x.productName}</Link>
                    <div className="small muted">{x.codigo}</div>
                  </td>
                  <td className="num">{x.quantity.toLocaleString()}</td>
                  <td className="hide-phone">
                    {x.destinationCity}, {x.destinationCountry}
                  </td>
                  <td className="hide-phone">{x.buyerName}</td>
                  <td className="hide-phone">{day(x.requestedAt)}</td>
                  <td>
                    <QuoteStatusBadge status={x.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
