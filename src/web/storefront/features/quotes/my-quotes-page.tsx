/**
 * /miperfil/cotizaciones ("Mis cotizaciones"): the buyer's quotes with their status; a sent one shows the store's
 * tiers with their totals (IVA included, shown), each with "Aceptar y pagar" (the normal checkout of that tier,
 * decision 151), and can be declined; an accepted one links to its order.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { QuoteAnswerView, QuoteStatusBadge, useQuoteDay } from '../../../shared/quotes/quote-answer-view';
import { myQuotesQuery, useDeclineQuote } from './api/quotes';

export function MyQuotesPage() {
  const { t } = useTranslation('account');
  const list = useQuery(myQuotesQuery());
  const decline = useDeclineQuote();
  const day = useQuoteDay();
  if (list.isPending) return <Loading />;
  if (list.isError) return <Alert kind="error">{list.error.message}</Alert>;
  if (!list.data.quotes.length)
    return (
      <EmptyState title={t('quotes.empty')}>
        <p>{t('quotes.emptyText')}</p>
      </EmptyState>
    );
  return (
    <section className="stack" aria-labelledby="my-quotes-title">
      <h2 id="my-quotes-title">{t('quotes.mine')}</h2>
      {decline.isError && <Alert kind="error">{decline.error.message}</Alert>}
      <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
        {list.data.quotes.map((q) => (
          <li key={q.id} className="card stack" aria-labelledby={`quote-${q.id}`}>
            <div className="toolbar">
              <h3 id={`quote-${q.id}`} style={{ margin: 0 }}>
                <Link to={paths.product(q.codigo)}>{q.productName}</Link>
              </h3>
              <QuoteStatusBadge status={q.status} />
            </div>
            <p className="small muted">
              {t('quotes.summary', {
                count: q.quantity,
                city: q.destinationCity,
                country: q.destinationCountry,
                date: day(q.requestedAt),
              })}
            </p>
            {q.status === 'requested' && <p className="small">{t('quotes.waiting')}</p>}
            {q.answer && (q.status === 'sent' || q.status === 'accepted') && (
              <QuoteAnswerView
                answer={q.answer}
                acceptedTier={q.acceptedTier}
                action={
                  q.status === 'sent'
                    ? (i) => (
                        <Link
                          className="btn btn-primary"
                          to={paths.quoteCheckout(q.id, i)}
                          aria-label={t('quotes.acceptTier', { count: q.answer!.tiers[i].quantity })}
                        >
                          {t('quotes.accept')}
                        </Link>
                      )
                    : undefined
                }
              />
            )}
            {q.status === 'sent' && (
              <div>
                <Button
                  variant="ghost"
                  busy={decline.isPending && decline.variables === q.id}
                  onClick={() => decline.mutate(q.id)}
                >
                  {t('quotes.decline')}
                </Button>
              </div>
            )}
            {q.status === 'accepted' && q.orderId && <Link to={paths.order(q.orderId)}>{t('quotes.seeOrder')}</Link>}
          </li>
        ))}
      </ul>
    </section>
  );
}
