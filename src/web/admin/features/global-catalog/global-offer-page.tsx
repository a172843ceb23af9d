/**
 * /admin/catalogoglobal/:offerId: one product of the global catalogue (decision 134): photos, descriptions, the
 * offered variants at wholesale price with their stock, purchase terms, the supplier's card, and "Vender en mi tienda"
 * (the listing's creation).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/loading';
import { ProductImage } from '../../../components/ui/product-image';
import { useMoney } from '../../../components/ui/price';
import { formatOptions } from '../../../lib/option-labels';
import { adminPaths } from '../../shared/paths';
import { QueryError } from '../../shared/query-error';
import type { GlobalOfferDetail } from '../../../../shared/contracts/marketplace';
import { FEATURES } from '../../../../shared/features';
import { globalOfferQuery } from './global-catalog-api';
import { countryName } from './global-catalog-page';
import './global-catalog.css';

export function GlobalOfferPage() {
  const { offerId = '' } = useParams();
  const { t } = useTranslation('marketplace');
  const offer = useQuery(globalOfferQuery(offerId));
  return (
    <div className="stack global-offer">
      <Link to={adminPaths.globalCatalog()}>{t('detail.back')}</Link>
      {offer.isPending ? (
        <Loading />
      ) : offer.isError ? (
        <QueryError error={offer.error} />
      ) : (
        <OfferDetail d={offer.data} />
      )}
    </div>
  );
}

function OfferDetail({ d }: { d: GlobalOfferDetail }) {
  const { t, i18n } = useTranslation('marketplace');
  const money = useMoney();
  const [photo, setPhoto] = useState(0);
  const lead =
    d.leadTimeDaysMin === d.leadTimeDaysMax
      ? t('detail.leadSame', { count: d.leadTimeDaysMax })
      : t('detail.leadRange', { min: d.leadTimeDaysMin, max: d.leadTimeDaysMax });
  const s = d.supplier;
  const place = [s.city, s.state].filter(Boolean).join(', ');
  return (
    <div className="gc-detail">
      <div className="gc-gallery">
        <ProductImage base={d.photos[photo] ?? null} alt={d.name} eager sizes="(min-width: 900px) 40vw, 100vw" />
        {d.photos.length > 1 && (
          <ul className="gc-thumbs" aria-label={t('detail.photos')}>
            {d.photos.map((p, i) => (
              <li key={p}>
                <button
                  type="button"
                  aria-label={t('detail.photo', { n: i + 1 })}
                  aria-pressed={i === photo}
                  onClick={() => setPhoto(i)}
                >
                  <ProductImage base={p} alt="" sizes="80px" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="stack gc-info">
        <div>
          <h1>{d.name}</h1>
          <p className="small muted">
            {t('detail.code')}: {d.code}
            {d.departmentName && ` · ${[d.departmentName, d.categoryName].filter(Boolean).join(' › ')}`}
          </p>
        </div>
        <p className="gc-detail-price">
          <span className="muted small">{t('catalog.wholesaleFrom')}</span>{' '}
          <strong>{money(d.wholesaleFromCents)}</strong>
          {d.suggestedRetailCents !== null && (
            <span className="small muted">
              {' · '}
              {t('catalog.suggested')}: {money(d.suggestedRetailCents)}
            </span>
          )}
        </p>
        <dl className="gc-terms small">
          <div>
            <dt>{t('catalog.moq')}</dt>
            <dd>{d.moq}</dd>
          </div>
          <div>
            <dt>{t('detail.lead')}</dt>
            <dd>{lead}</dd>
          </div>
          {d.origin && (
            <div>
              <dt>{t('catalog.facet.origin')}</dt>
              <dd>{countryName(d.origin, i18n.language)}</dd>
            </div>
          )}
          {d.hsCode && (
            <div>
              <dt>{t('detail.hsCode')}</dt>
              <dd>{d.hsCode}</dd>
            </div>
          )}
        </dl>
        {d.listed ? (
          <p className="badge gc-listed">{t('catalog.listed')}</p>
        ) : (
          // Selling an offer in one's store is the dropshipping feature: offered only once it is on (decision 108).
          FEATURES.dropshipping && (
            <Link className="btn btn-primary gc-sell" to={adminPaths.newListing(d.offerId)}>
              {t('detail.sell')}
            </Link>
          )
        )}
        {d.shortDescription && <p>{d.shortDescription}</p>}
        <div className="table-wrap">
          <table className="data-table">
            <caption>{t('detail.variants')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('offer.variant')}</th>
                <th scope="col">{t('offer.wholesale')}</th>
                <th scope="col">{t('offer.stock')}</th>
              </tr>
            </thead>
            <tbody>
              {d.variants.map((v) => (
                <tr key={v.variantId}>
                  <th scope="row">{[v.sku, formatOptions(t, v.options)].filter(Boolean).join(' · ')}</th>
                  <td>{money(v.wholesaleCents)}</td>
                  <td>{v.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <section className="card stack gc-supplier" aria-labelledby="gc-supplier-title">
          <h2 id="gc-supplier-title">{t('detail.supplier')}</h2>
          <p className="gc-supplier-name">{s.name}</p>
          {s.badges && s.badges.length > 0 && (
            <p data-testid="gc-supplier-badges">
              {s.badges.map((b) => (
                <span key={b} className="badge gc-supplier-badge">
                  {t(`supplierBadges.${b}`)}
                </span>
              ))}
            </p>
          )}
          <dl className="gc-terms small">
            {s.businessType && (
              <div>
                <dt>{t('detail.businessType')}</dt>
                <dd>{t(`company:businessTypes.${s.businessType}`, { defaultValue: s.businessType })}</dd>
              </div>
            )}
            {place && (
              <div>
                <dt>{t('detail.place')}</dt>
                <dd>{place}</dd>
              </div>
            )}
            {s.registrationYear && (
              <div>
                <dt>{t('detail.since')}</dt>
                <dd>{s.registrationYear}</dd>
              </div>
            )}
            {s.mainIndustry && (
              <div>
                <dt>{t('detail.industry')}</dt>
                <dd>{s.mainIndustry}</dd>
              </div>
            )}
            <div>
              <dt>{t('detail.offers')}</dt>
              <dd>{s.publishedOffers}</dd>
            </div>
          </dl>
        </section>
        {d.description && (
          <section className="stack">
            <h2>{t('detail.description')}</h2>
            <p className="gc-description">{d.description}</p>
          </section>
        )}
        {d.specifications.length > 0 && (
          <section className="stack">
            <h2>{t('detail.specifications')}</h2>
            <dl className="gc-terms small">
              {d.specifications.map((sp) => (
                <div key={sp.label}>
                  <dt>{sp.label}</dt>
                  <dd>{sp.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
    </div>
  );
}
