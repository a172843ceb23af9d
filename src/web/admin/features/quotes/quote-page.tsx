/**
 * /admin/cotizacion/:cotizacion_id: one quote request (product, units, destination, services asked, the buyer's note)
 * and the seller's answer: unit price by quantity tier (each at least the MOQ), lead time, Incoterm, a price for each
 * requested service, the duty rate (prefilled from the table by HS chapter where known, labelled an estimate) and the
 * validity date. The preview computes the money with the server's function (decision 150, IVA included); sending
 * stores the server's figures and emails the buyer.
 */
// First: the contracts' schemas are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { SelectField, TextField } from '../../../components/ui/field';
import { useMoney } from '../../../components/ui/price';
import { ApiError } from '../../../lib/api-client';
import { QuoteAnswerView, QuoteStatusBadge, useQuoteDay } from '../../../shared/quotes/quote-answer-view';
import { INCOTERMS, QUOTE_SERVICES, type Quote, type QuoteServiceName } from '../../../../shared/contracts/quotes';
import { quoteTierMoney } from '../../../../shared/quote-money';
import { adminPaths } from '../../shared/paths';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { dutyRateQuery, storeQuoteQuery, useAnswerQuote } from './api/quotes';

const pesosToCents = (s: string) => (s.trim() === '' ? NaN : Math.round(Number(s.replace(',', '.')) * 100));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');

export function QuotePage() {
  const { t } = useTranslation('admin');
  const { cotizacion_id: id = '' } = useParams();
  const q = useQuery(storeQuoteQuery(id));
  const when = useQuoteDay();
  if (isForbidden(q.error)) return <NoPermission />;
  if (q.isPending) return <Loading />;
  if (!q.data) return <Alert kind="error">{q.error?.message}</Alert>;
  const x = q.data;
  const asked = QUOTE_SERVICES.filter((s) => x.services[s]);
  const facts: [string, string][] = [
    [t('quotes.buyer'), `${x.buyerName} · ${x.buyerEmail}`],
    [t('quotes.productCode'), `${x.codigo} (${x.sku})`],
    [t('quotes.quantity'), `${x.quantity.toLocaleString()} · ${t('quotes.moq', { count: x.minOrderQty })}`],
    [t('quotes.destination'), `${x.destinationCity}, ${x.destinationCountry}`],
    [
      t('quotes.servicesAsked'),
      asked.length ? asked.map((s) => t(`quotes.service.${s}`)).join(', ') : t('quotes.noServices'),
    ],
    [t('quotes.requested'), when(x.requestedAt)],
    ...(x.note ? [[t('quotes.note'), x.note] as [string, string]] : []),
  ];
  return (
    <div className="stack">
      <p className="small">
        <Link to={adminPaths.quotes()}>← {t('quotes.title')}</Link>
      </p>
      <div className="toolbar">
        <h1 style={{ margin: 0 }}>{t('quotes.oneTitle', { name: x.productName })}</h1>
        <QuoteStatusBadge status={x.status} />
      </div>
      <section className="card stack" aria-labelledby="quote-request">
        <h2 id="quote-request">{t('quotes.request')}</h2>
        {/* Each fact on one line on a wide screen, its value under its name on a phone. */}
        <dl className="stack" style={{ margin: 0, gap: '.4rem', overflowWrap: 'anywhere' }}>
          {facts.map(([name, value]) => (
            <div key={name} style={{ display: 'flex', flexWrap: 'wrap', gap: '0 1rem' }}>
              <dt style={{ flex: '0 0 11rem', fontWeight: 600 }}>{name}</dt>
              <dd style={{ flex: '1 1 14rem', margin: 0, minWidth: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {x.status === 'requested' || x.status === 'sent' ? (
        <AnswerForm key={x.id} quote={x} />
      ) : (
        x.answer && (
          <section className="card stack" aria-labelledby="quote-answer">
            <h2 id="quote-answer">{t('quotes.answer')}</h2>
            <QuoteAnswerView answer={x.answer} acceptedTier={x.acceptedTier} />
            {x.orderId && <Link to={adminPaths.orderStatus(x.orderId)}>{t('quotes.seeOrder')}</Link>}
          </section>
        )
      )}
    </div>
  );
}

interface TierRow {
  quantity: string;
  price: string;
}

function AnswerForm({ quote }: { quote: Quote }) {
  const { t } = useTranslation('admin');
  const money = useMoney();
  const save = useAnswerQuote(quote.id);
  const asked = QUOTE_SERVICES.filter((s) => quote.services[s]);
  const a = quote.answer;
  const [tiers, setTiers] = useState<TierRow[]>(
    a
      ? a.tiers.map((x) => ({ quantity: String(x.quantity), price: (x.unitPriceCents / 100).toFixed(2) }))
      : [{ quantity: String(quote.quantity), price: '' }],
  );
  const [leadTime, setLeadTime] = useState(a ? String(a.leadTimeDays) : '');
  const [incoterm, setIncoterm] = useState<string>(a?.incoterm ?? 'EXW');
  const [services, setServices] = useState<Record<string, string>>(
    Object.fromEntries(
      asked.map((s) => [s, a ? ((a.services.find((x) => x.service === s)?.priceCents ?? 0) / 100).toFixed(2) : '']),
    ),
  );
  const duty = useQuery(dutyRateQuery(quote.hsCode));
  const [rate, setRate] = useState<string | null>(
    a ? (a.dutyRateBps === null ? '' : String(a.dutyRateBps / 100)) : null,
  );
  const rateShown = rate ?? (duty.data?.rateBps != null ? String(duty.data.rateBps / 100) : '');
  const [validUntil, setValidUntil] = useState(a?.validUntil ?? day(15));
  const [message, setMessage] = useState(a?.message ?? '');
  const fieldError = (path: string) =>
    save.error instanceof ApiError ? save.error.fields.find((f) => f.path === path)?.message : undefined;

  const servicesCents = asked.reduce((n, s) => n + (pesosToCents(services[s] ?? '') || 0), 0);
  const rateBps = rateShown.trim() === '' ? null : Math.round(Number(rateShown.replace(',', '.')) * 100);
  const preview = tiers
    .map((r) => ({ quantity: Math.floor(Number(r.quantity)), unitPriceCents: pesosToCents(r.price) }))
    .filter((r) => r.quantity > 0 && r.unitPriceCents > 0)
    .map((r) => quoteTierMoney(r, servicesCents, rateBps));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      tiers: tiers.map((r) => ({ quantity: Math.floor(Number(r.quantity)), unitPriceCents: pesosToCents(r.price) })),
      leadTimeDays: Math.floor(Number(leadTime)),
      incoterm: incoterm as (typeof INCOTERMS)[number],
      services: asked.map((s) => ({ service: s as QuoteServiceName, priceCents: pesosToCents(services[s] ?? '') })),
      dutyRateBps: rateBps,
      validUntil,
      message,
    });
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="quote-answer-title">
      <h2 id="quote-answer-title">{quote.answer ? t('quotes.revise') : t('quotes.answer')}</h2>
      {save.isError && <Alert kind="error">{save.error.message}</Alert>}
      {save.isSuccess && <Alert kind="success">{t('quotes.sent')}</Alert>}
      <fieldset className="stack quote-tiers">
        <legend>
          <strong>{t('quotes.tiers')}</strong> <span className="small muted">({t('quotes.pricesWithIva')})</span>
        </legend>
        {tiers.map((r, i) => (
          <div key={i} className="form-grid two quote-tier-row">
            <TextField
              label={t('quotes.tierQuantity', { n: i + 1 })}
              hint={i === 0 ? t('quotes.moq', { count: quote.minOrderQty }) : undefined}
              type="number"
              inputMode="numeric"
              min={quote.minOrderQty}
              value={r.quantity}
              onChange={(e) => setTiers(tiers.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))}
              error={fieldError(`tiers.${i}.quantity`)}
            />
            <TextField
              label={t('quotes.tierPrice', { n: i + 1 })}
              inputMode="decimal"
              value={r.price}
              onChange={(e) => setTiers(tiers.map((x, j) => (j === i ? { ...x, price: e.target.value } : x)))}
              error={fieldError(`tiers.${i}.unitPriceCents`)}
            />
          </div>
        ))}
        <div className="row">
          {tiers.length < 5 && (
            <Button variant="secondary" onClick={() => setTiers([...tiers, { quantity: '', price: '' }])}>
              {t('quotes.addTier')}
            </Button>
          )}
          {tiers.length > 1 && (
            <Button variant="ghost" onClick={() => setTiers(tiers.slice(0, -1))}>
              {t('quotes.removeTier')}
            </Button>
          )}
        </div>
      </fieldset>
      <div className="form-grid two">
        <TextField
          label={t('quotes.leadTime')}
          type="number"
          inputMode="numeric"
          min={0}
          value={leadTime}
          onChange={(e) => setLeadTime(e.target.value)}
          error={fieldError('leadTimeDays')}
        />
        <SelectField label={t('quotes.incoterm')} value={incoterm} onChange={(e) => setIncoterm(e.target.value)}>
          {INCOTERMS.map((i) => (
            <option key={i} value={i}>
              {i} · {t(`quotes.incoterms.${i}`)}
            </option>
          ))}
        </SelectField>
        {asked.map((s) => (
          <TextField
            key={s}
            label={t('quotes.servicePrice', { service: t(`quotes.service.${s}`) })}
            inputMode="decimal"
            value={services[s] ?? ''}
            onChange={(e) => setServices({ ...services, [s]: e.target.value })}
          />
        ))}
        <TextField
          label={t('quotes.dutyRate')}
          hint={
            duty.data?.rateBps != null
              ? t('quotes.dutyPrefilled', { chapter: duty.data.chapter })
              : t('quotes.dutyHint')
          }
          inputMode="decimal"
          value={rateShown}
          onChange={(e) => setRate(e.target.value)}
          error={fieldError('dutyRateBps')}
        />
        <TextField
          label={t('quotes.validUntil')}
          type="date"
          value={validUntil}
          onChange={(e) => setValidUntil(e.target.value)}
          error={fieldError('validUntil')}
        />
      </div>
      <div className="field">
        <label htmlFor="quote-message">{t('quotes.message')}</label>
        <textarea
          id="quote-message"
          rows={3}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      {preview.length > 0 && (
        <section aria-labelledby="quote-preview" className="stack">
          <h3 id="quote-preview">{t('quotes.preview')}</h3>
          <QuoteAnswerView
            answer={{
              tiers: preview,
              leadTimeDays: Number(leadTime) || 0,
              incoterm: incoterm as (typeof INCOTERMS)[number],
              services: asked.map((s) => ({ service: s, priceCents: pesosToCents(services[s] ?? '') || 0 })),
              dutyRateBps: rateBps,
              validUntil,
              message: '',
            }}
          />
          <p className="small muted">{t('quotes.previewNote', { services: money(servicesCents) })}</p>
        </section>
      )}
      <Button type="submit" busy={save.isPending}>
        {quote.answer ? t('quotes.resend') : t('quotes.send')}
      </Button>
    </form>
  );
}
