/**
 * A quote's status badge and a sent answer as both sides read it: each tier's units, unit price, goods, services and
 * total with the IVA it includes, the import duty estimate beside it (never in the total), the Incoterm, lead time and
 * validity (decision 150). `action` renders a control per tier on a row under it (the buyer's "accept" link).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/ui/price';
import type { QuoteAnswer, QuoteStatus } from '../../../shared/contracts/quotes';

const BADGE: Record<QuoteStatus, string> = {
  requested: 'badge-pending',
  sent: 'badge-on_the_way',
  accepted: 'badge-paid',
  declined: 'badge-cancelled',
  expired: 'badge-cancelled',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation('common');
  return <span className={`badge ${BADGE[status]}`}>{t(`quotes.status.${status}`)}</span>;
}

/** A day (YYYY-MM-DD) in the reader's language. */
export function useQuoteDay() {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium' });
  return (d: string) => fmt.format(new Date(d.length === 10 ? `${d}T12:00:00` : d));
}

export function QuoteAnswerView({
  answer,
  action,
  acceptedTier = null,
}: {
  answer: QuoteAnswer;
  action?: (tier: number) => ReactNode;
  acceptedTier?: number | null;
}) {
  const { t } = useTranslation('common');
  const money = useMoney();
  const day = useQuoteDay();
  return (
    <div className="stack quote-answer">
      <p className="small">
        {t('quotes.incoterm')}: <strong>{answer.incoterm}</strong> ·{' '}
        {t('quotes.leadTime', { count: answer.leadTimeDays })} ·{' '}
        {t('quotes.validUntil', { date: day(answer.validUntil) })}
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">{t('quotes.tiersCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                {t('quotes.pieces')}
              </th>
              <th scope="col" className="num">
                {t('quotes.unitPrice')}
              </th>
              <th scope="col" className="num hide-phone">
                {t('quotes.services')}
              </th>
              <th scope="col" className="num">
                {t('quotes.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {answer.tiers.map((tier, i) => [
              <tr key={tier.quantity} className={acceptedTier === i ? 'quote-tier-accepted' : undefined}>
                <td className="num">{tier.quantity.toLocaleString()}</td>
                <td className="num">{money(tier.unitPriceCents)}</td>
                <td className="num hide-phone">{money(tier.servicesCents)}</td>
                <td className="num">
                  <strong>{money(tier.totalCents)}</strong>
                  {/* The notes wrap (the figures do not), so a phone keeps the total in view. */}
                  <div className="small muted" style={{ whiteSpace: 'normal' }}>
                    {t('quotes.ivaIncluded', { amount: money(tier.ivaCents) })}
                  </div>
                  {tier.dutyEstimateCents !== null && (
                    <div className="small muted" style={{ whiteSpace: 'normal' }}>
                      {t('quotes.dutyEstimate', { amount: money(tier.dutyEstimateCents) })}
                    </div>
                  )}
                </td>
              </tr>,
              // The tier's control on a row of its own, so that a phone keeps the three figures in view.
              action && (
                <tr key={`${tier.quantity}-action`}>
                  <td colSpan={4} style={{ textAlign: 'right' }}>
                    {action(i)}
                  </td>
                </tr>
              ),
            ])}
          </tbody>
        </table>
      </div>
      {answer.services.length > 0 && (
        <p className="small">
          {t('quotes.servicesIncluded')}{' '}
          {answer.services.map((s) => `${t(`quotes.service.${s.service}`)} ${money(s.priceCents)}`).join(' · ')}
        </p>
      )}
      {answer.dutyRateBps !== null && (
        <p className="small muted">{t('quotes.dutyNote', { rate: (answer.dutyRateBps / 100).toString() })}</p>
      )}
      {answer.message && <p className="quote-message">{answer.message}</p>}
    </div>
  );
}
