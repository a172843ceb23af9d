/**
 * /somos, /aboutus and /proveedor: the public part of the store's company profile (decision 042), loaded on
 * demand with its own catalogue (company.json) so the storefront's entry pages carry neither.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18n from '../../../lib/i18n';
import esCompany from '../../../../locales/es/company.json';
import enCompany from '../../../../locales/en/company.json';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import { ProductImage } from '../../../components/ui/product-image';
import { VerifiedBadge } from '../../components/verified-badge';
import { storeConfigQuery } from '../../shared/api/get-store-config';
import { aboutUsQuery } from './api/get-about-us';
import { SupplierBadges } from '../../shared/supplier-badges';

i18n.addResourceBundle('es', 'company', esCompany, true, true);
i18n.addResourceBundle('en', 'company', enCompany, true, true);

export function AboutPage() {
  const { t } = useTranslation('company');
  const about = useQuery(aboutUsQuery);
  const config = useQuery(storeConfigQuery);
  if (about.isPending) return <Loading />;
  if (about.isError)
    return (
      <div className="container page">
        <Alert kind="error">{t('public.loadError')}</Alert>
      </div>
    );
  const p = about.data.profile;
  if (!p || !p.name)
    return (
      <div className="container page">
        <article className="card stack">
          <h1>{t('public.title')}</h1>
          <SupplierBadges />
          <p className="muted">{t('public.empty')}</p>
        </article>
      </div>
    );
  const h = p.openingHours;
  const facts = [
    p.businessType && t(`businessTypes.${p.businessType}`),
    p.registrationYear && t('public.since', { year: p.registrationYear }),
    p.employeeRange && t('public.employees', { range: t(`employeeRanges.${p.employeeRange}`) }),
    p.plantAreaM2 && t('public.plantArea', { area: p.plantAreaM2.toLocaleString(i18n.language) }),
  ].filter(Boolean) as string[];
  return (
    <div className="container page about-page">
      <article className="stack">
        <header className="card about-head">
          {p.logoUrl && <img className="about-logo" src={`${p.logoUrl}-160.webp`} alt="" width={80} height={80} />}
          <div className="stack about-head-text">
            <p className="small muted">{t('public.title')}</p>
            <h1>
              {p.name}
              <VerifiedBadge icon={config.data?.verificationIcon} label={t('public.verified')} />
            </h1>
            <SupplierBadges />
            {facts.length > 0 && (
              <ul className="about-facts">
                {facts.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            )}
          </div>
        </header>
        {p.introduction && (
          <section className="card">
            <p className="about-text">{p.introduction}</p>
          </section>
        )}
        {p.advantages && (
          <section className="card stack" aria-labelledby="about-adv">
            <h2 id="about-adv">{t('public.advantages')}</h2>
            <p className="about-text">{p.advantages}</p>
          </section>
        )}
        {p.photoUrls.length > 0 && (
          <section className="card stack" aria-labelledby="about-photos">
            <h2 id="about-photos">{t('public.photos')}</h2>
            <div className="about-gallery">
              {p.photoUrls.map((u, i) => (
                <ProductImage key={u} base={u} alt={`${p.name} ${i + 1}`} sizes="(min-width: 720px) 33vw, 50vw" />
              ))}
            </div>
          </section>
        )}
        <div className="about-columns">
          {(p.mainIndustry || p.otherProducts) && (
            <section className="card stack" aria-labelledby="about-products">
              <h2 id="about-products">{t('public.products')}</h2>
              {p.mainIndustry && <p>{p.mainIndustry}</p>}
              {p.otherProducts && (
                <p className="about-text">
                  <strong>{t('public.otherProducts')}: </strong>
                  {p.otherProducts}
                </p>
              )}
            </section>
          )}
          {(p.deliveryTerms.length > 0 || p.paymentTypes.length > 0 || p.factoryAddress) && (
            <section className="card stack" aria-labelledby="about-trade">
              <h2 id="about-trade">{t('public.trade')}</h2>
              <dl className="about-dl">
                {p.deliveryTerms.length > 0 && (
                  <>
                    <dt>{t('public.deliveryTerms')}</dt>
                    <dd>{p.deliveryTerms.join(', ')}</dd>
                  </>
                )}
                {p.paymentTypes.length > 0 && (
                  <>
                    <dt>{t('public.paymentTypes')}</dt>
                    <dd>{p.paymentTypes.map((v) => t(`paymentTypes.${v}`)).join(', ')}</dd>
                  </>
                )}
                {p.factoryAddress && (
                  <>
                    <dt>{t('public.factory')}</dt>
                    <dd>{p.factoryAddress}</dd>
                  </>
                )}
              </dl>
            </section>
          )}
          {(p.exporterName || p.exportPercentage !== null || p.mainMarkets.length > 0 || p.nearestPort) && (
            <section className="card stack" aria-labelledby="about-export">
              <h2 id="about-export">{t('public.export')}</h2>
              <dl className="about-dl">
                {p.exporterName && (
                  <>
                    <dt>{t('fields.exporterName')}</dt>
                    <dd>{p.exporterName}</dd>
                  </>
                )}
                {p.exportPercentage !== null && (
                  <>
                    <dt>{t('fields.exportPercentage')}</dt>
                    <dd>{t('public.exportShare', { percent: p.exportPercentage })}</dd>
                  </>
                )}
                {p.mainMarkets.length > 0 && (
                  <>
                    <dt>{t('public.markets')}</dt>
                    <dd>{p.mainMarkets.map((m) => t(`markets.${m}`)).join(', ')}</dd>
                  </>
                )}
                {p.nearestPort && (
                  <>
                    <dt>{t('public.port')}</dt>
                    <dd>{p.nearestPort}</dd>
                  </>
                )}
              </dl>
            </section>
          )}
          {(p.contacts.length > 0 || p.websiteUrl || h.startDay) && (
            <section className="card stack" aria-labelledby="about-contact">
              <h2 id="about-contact">{t('public.contacts')}</h2>
              {h.startDay && h.endDay && h.startTime && h.endTime && (
                <p>
                  {t('public.hours', {
                    from: t(`days.${h.startDay}`),
                    to: t(`days.${h.endDay}`),
                    start: h.startTime,
                    end: h.endTime,
                  })}
                </p>
              )}
              {p.contacts.length > 0 && (
                <ul className="about-contacts">
                  {p.contacts.map((c, i) => (
                    <li key={`${c.name}-${i}`}>
                      <strong>{c.name}</strong> · {c.position ? `${c.position} · ` : ''}
                      <a href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</a>
                    </li>
                  ))}
                </ul>
              )}
              {p.websiteUrl && (
                <p>
                  {t('public.website')}:{' '}
                  <a href={p.websiteUrl} rel="noopener noreferrer nofollow" target="_blank">
                    {p.websiteUrl.replace(/^https?:\/\//, '')}
                  </a>
                </p>
              )}
            </section>
          )}
        </div>
        {p.certificates.length > 0 && (
          <section className="card stack" aria-labelledby="about-certs">
            <h2 id="about-certs">{t('public.certificates')}</h2>
            <ul className="about-gallery about-certs">
              {p.certificates.map((c) => (
                <li key={`${c.name}-${c.photoUrl}`}>
                  {c.photoUrl.endsWith('.pdf') ? (
                    <a href={c.photoUrl} target="_blank" rel="noopener noreferrer">
                      📄 {c.name}
                    </a>
                  ) : (
                    <>
                      <ProductImage base={c.photoUrl} alt={c.name} sizes="(min-width: 720px) 25vw, 50vw" />
                      <span>{c.name}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    </div>
  );
}
