/**
 * /cotizar?codigo=: a signed-in buyer asks the store for a quote on a product: quantity (at least the product's
 * minimum order; the server also checks its quantity range), destination country and city, the services wanted and a
 * note. The request date is the server's. Sent, it shows in "Mis cotizaciones".
 */
// First: the contracts' schemas are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { SelectField, TextField } from '../../../components/ui/field';
import { QUOTE_SERVICES, type QuoteServices } from '../../../../shared/contracts/quotes';
import { quotedProductQuery, useRequestQuote } from './api/quotes';

/** Destinations offered first; any other country is typed as its two-letter code. */
export const QUOTE_COUNTRIES = ['MX', 'US', 'CA', 'GT', 'CO', 'PE', 'CL', 'AR', 'ES', 'CN'] as const;

export function QuoteRequestPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const codigo = params.get('codigo') ?? '';
  const me = useCurrentUser('storefront');
  const product = useQuery(quotedProductQuery(codigo));
  const send = useRequestQuote();
  const [quantity, setQuantity] = useState('');
  const [country, setCountry] = useState('MX');
  const [city, setCity] = useState('');
  const [note, setNote] = useState('');
  const [services, setServices] = useState<QuoteServices>({
    freight: false,
    insurance: false,
    customs: false,
    delivery: false,
    consulting: false,
  });

  if (me.isPending) return <Loading />;
  if (!me.data) return <Navigate to={paths.login(paths.quoteRequest(codigo))} replace />;
  if (product.isPending) return <Loading />;
  if (!product.data)
    return (
      <div className="container page">
        <Alert kind="error">{product.error?.message ?? t('quotes.noProduct')}</Alert>
      </div>
    );
  const p = product.data;
  const min = Math.max(1, p.minOrderQty);
  const fieldError = (path: string) =>
    send.error instanceof ApiError ? send.error.fields.find((f) => f.path === path)?.message : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate({
      codigo: p.codigo,
      destinationCountry: country,
      destinationCity: city,
      quantity: Math.floor(Number(quantity || min)),
      services,
      note,
    });
  };

  if (send.isSuccess)
    return (
      <div className="container page stack">
        <h1>{t('quotes.sentTitle')}</h1>
        <Alert kind="success">{t('quotes.sentText', { name: p.name })}</Alert>
        <div className="row">
          <Link className="btn btn-primary" to={paths.myQuotes()}>
            {t('quotes.mine')}
          </Link>
          <Link className="btn btn-ghost" to={paths.product(p.codigo)}>
            {t('quotes.backToProduct')}
          </Link>
        </div>
      </div>
    );

  return (
    <div className="container page stack quote-request">
      <h1>{t('quotes.requestTitle')}</h1>
      <p>
        <Link to={paths.product(p.codigo)}>{p.name}</Link> · {t('quotes.code')}: {p.codigo}
      </p>
      <form className="card stack" onSubmit={submit} noValidate aria-label={t('quotes.requestTitle')}>
        {send.isError && <Alert kind="error">{send.error.message}</Alert>}
        <div className="form-grid two">
          <TextField
            label={t('quotes.quantity')}
            hint={t('quotes.quantityHint', { count: min })}
            type="number"
            inputMode="numeric"
            min={min}
            placeholder={String(min)}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            error={fieldError('quantity')}
            markRequired
          />
          <SelectField
            label={t('quotes.country')}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            error={fieldError('destinationCountry')}
          >
            {QUOTE_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(`quotes.countries.${c}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('quotes.city')}
            value={city}
            maxLength={80}
            autoComplete="address-level2"
            onChange={(e) => setCity(e.target.value)}
            error={fieldError('destinationCity')}
            markRequired
          />
        </div>
        <fieldset className="stack quote-services">
          <legend>{t('quotes.servicesLegend')}</legend>
          {QUOTE_SERVICES.map((s) => (
            <label key={s} className="check">
              <input
                type="checkbox"
                name={s}
                checked={services[s]}
                onChange={(e) => setServices({ ...services, [s]: e.target.checked })}
              />{' '}
              {t(`quotes.services.${s}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="quote-note">{t('quotes.note')}</label>
          <textarea id="quote-note" rows={4} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <p className="small muted">{t('quotes.dateNote')}</p>
        <Button type="submit" busy={send.isPending}>
          {t('quotes.send')}
        </Button>
      </form>
    </div>
  );
}
