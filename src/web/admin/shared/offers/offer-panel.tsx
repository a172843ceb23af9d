/**
 * "Publicar en el catálogo global" under the product editor (decision 134; shared, since the catalog feature's editor
 * shows it): each variant with its retail price and stock and a wholesale price to offer it at (empty: not offered),
 * the suggested retail price and the lead time; the offer's state and "Retirar del catálogo global". A store that is
 * not a supplier sees a hint to the switch instead.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useMoney } from '../../../components/ui/price';
import { useFormat } from '../../../lib/format';
import { formatOptions } from '../../../lib/option-labels';
import { adminPaths } from '../paths';
import { QueryError } from '../query-error';
import { PesosInput } from './pesos-input';
import type { SupplierOffer } from '../../../../shared/contracts/marketplace';
import { offerKey } from '../../../../shared/features';
import { supplierOfferQuery, usePublishOffer, useUnpublishOffer } from './offers-api';
import './offers.css';

export function OfferPanel({ codigo }: { codigo: string }) {
  const { t } = useTranslation('marketplace');
  const offer = useQuery(supplierOfferQuery(codigo));
  return (
    <section className="card stack offer-panel" aria-labelledby="offer-panel-title">
      <h2 id="offer-panel-title">{t('offer.title')}</h2>
      {offer.isPending ? (
        <p className="muted">{t('loading')}</p>
      ) : offer.isError ? (
        <QueryError error={offer.error} onRetry={() => void offer.refetch()} />
      ) : (
        <OfferState data={offer.data} codigo={codigo} />
      )}
    </section>
  );
}

function OfferState({ data, codigo }: { data: SupplierOffer; codigo: string }) {
  const { t } = useTranslation('marketplace');
  if (!data.supplierEnabled)
    return (
      <p className="muted">
        {t('offer.notSupplier')} <Link to={adminPaths.companyProfile('export')}>{t('offer.toSwitch')}</Link>
      </p>
    );
  if (data.product.isListing) return <p className="muted">{t('offer.isListing')}</p>;
  if (data.product.archived || !data.product.visible)
    return <p className="muted">{data.product.archived ? t('offer.archived') : t('offer.hidden')}</p>;
  // Keyed by the saved state so the form starts again from what the server holds after each save.
  return <OfferForm key={`${data.offer?.status}-${data.offer?.wholesaleFromCents}`} data={data} codigo={codigo} />;
}

function OfferForm({ data, codigo }: { data: SupplierOffer; codigo: string }) {
  const { t } = useTranslation('marketplace');
  const money = useMoney();
  const { date } = useFormat();
  const publish = usePublishOffer(codigo);
  const unpublish = useUnpublishOffer(codigo);
  const [confirming, setConfirming] = useState(false);
  const [prices, setPrices] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(data.product.variants.map((v) => [v.id, v.wholesaleCents])),
  );
  const [suggested, setSuggested] = useState<number | null>(data.offer?.suggestedRetailCents ?? null);
  const [leadMin, setLeadMin] = useState(String(data.offer?.leadTimeDaysMin ?? 1));
  const [leadMax, setLeadMax] = useState(String(data.offer?.leadTimeDaysMax ?? 3));
  const published = data.offer?.status === 'published';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    publish.mutate({
      variants: Object.entries(prices)
        .filter((entry): entry is [string, number] => entry[1] !== null)
        .map(([variantId, wholesaleCents]) => ({ variantId, wholesaleCents })),
      suggestedRetailCents: suggested,
      leadTimeDaysMin: Number(leadMin),
      leadTimeDaysMax: Number(leadMax),
    });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="small muted">{t(offerKey('offer.intro', 'dropshipping'))}</p>
      {data.offer && (
        <p role="status" className={published ? 'offer-status offer-status-on' : 'offer-status'}>
          {published
            ? t('offer.published', { date: date(data.offer.publishedAt), price: money(data.offer.wholesaleFromCents) })
            : t('offer.unpublished', { date: date(data.offer.unpublishedAt ?? data.offer.publishedAt) })}
        </p>
      )}
      <div className="table-wrap">
        <table className="data-table offer-variants">
          <caption className="visually-hidden">{t('offer.variantsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('offer.variant')}</th>
              <th scope="col">{t('offer.retail')}</th>
              <th scope="col">{t('offer.stock')}</th>
              <th scope="col">{t('offer.wholesale')}</th>
            </tr>
          </thead>
          <tbody>
            {data.product.variants.map((v) => {
              const label = [v.sku, formatOptions(t, v.options)].filter(Boolean).join(' · ');
              return (
                <tr key={v.id}>
                  <th scope="row">{label}</th>
                  <td data-label={t('offer.retail')}>{money(v.priceCents)}</td>
                  <td data-label={t('offer.stock')}>{v.stock}</td>
                  <td data-label={t('offer.wholesale')}>
                    <PesosInput
                      label={t('offer.wholesaleOf', { variant: label })}
                      hideLabel
                      cents={v.wholesaleCents}
                      onChange={(c) => setPrices((p) => ({ ...p, [v.id]: c }))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="small muted">{t('offer.emptyNotOffered')}</p>
      <div className="form-grid offer-grid">
        <PesosInput label={t('offer.suggested')} cents={suggested} onChange={setSuggested} />
        <TextField
          label={t('offer.leadMin')}
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          value={leadMin}
          onChange={(e) => setLeadMin(e.target.value)}
        />
        <TextField
          label={t('offer.leadMax')}
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          value={leadMax}
          onChange={(e) => setLeadMax(e.target.value)}
        />
      </div>
      {publish.isError && <Alert kind="error">{publish.error.message}</Alert>}
      {unpublish.isError && <Alert kind="error">{unpublish.error.message}</Alert>}
      {publish.isSuccess && <Alert kind="success">{t('offer.saved')}</Alert>}
      {unpublish.isSuccess && <Alert kind="success">{t('offer.withdrawn')}</Alert>}
      <div className="toolbar offer-actions">
        <Button type="submit" busy={publish.isPending}>
          {published ? t('offer.update') : t('offer.publish')}
        </Button>
        {published && !confirming && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('offer.unpublish')}
          </Button>
        )}
      </div>
      {published && confirming && (
        <div className="alert alert-warning stack" role="group" aria-label={t('offer.unpublish')}>
          <p>{t('offer.unpublishConfirm')}</p>
          <div className="toolbar">
            <Button variant="danger" busy={unpublish.isPending} onClick={() => unpublish.mutate()} autoFocus>
              {t('offer.unpublishYes')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('offer.cancel')}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
