/**
 * Vitrina's own home on the platform domain: what Vitrina is, the plans on sale (their price and Vitrina's
 * fee on sales, from the server: decision 096), "Crear mi tienda", seller sign-in.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { platformPaths } from './paths';
import { planTextKey, platformHomeTexts } from './platform-offers';
import { usePublicPlans } from './plans-api';
import { useMoney } from '../components/ui/price';
import { formatFeeRate } from '../../shared/money';

export function PlatformHomePage() {
  const { t } = useTranslation('platform');
  // Only what Vitrina does today: a feature still to come is not offered (decision 108).
  const texts = platformHomeTexts();
  return (
    <>
      <section className="platform-hero">
        <div className="container stack">
          <h1>{t('hero.title')}</h1>
          <p className="platform-lead">{t('hero.text')}</p>
          <div className="row platform-cta">
            <Link className="btn btn-primary" to={platformPaths.signUp()}>
              {t('nav.createStore')}
            </Link>
            <a className="btn btn-secondary" href="/admin/login">
              {t('hero.haveStore')}
            </a>
          </div>
        </div>
      </section>
      <section className="container section" aria-labelledby="what">
        <h2 id="what">{t('features.title')}</h2>
        <ul className="platform-grid">
          {texts.features.map((f) => (
            <li key={f.id} className="card">
              <h3>{t(f.title)}</h3>
              <p className="muted">{t(f.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <PlatformPlans />
    </>
  );
}

/** The plans as the server sells them: price, the free trial, and the fee on sales every plan carries. */
function PlatformPlans() {
  const { t, i18n } = useTranslation('platform');
  const money = useMoney();
  const q = usePublicPlans();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  return (
    <section className="container section" aria-labelledby="plans">
      <h2 id="plans">{t('plans.title')}</h2>
      {q.data && <p>{t('plans.intro', { days: q.data.trialDays })}</p>}
      {!q.data ? (
        <p className="muted">{t('plans.loading')}</p>
      ) : (
        <ul className="platform-grid">
          {q.data.plans.map((p) => (
            <li key={p.id} className={`card platform-plan${p.id === 'monthly' ? ' featured' : ''}`}>
              <h3>{t(`plans.${p.id}.name`)}</h3>
              <p className="platform-price">{t(`plans.${p.id}.price`, { price: money(p.priceCents) })}</p>
              <p className="platform-fee" data-testid={`platform-fee-${p.id}`}>
                {t('plans.fee', { rate: formatFeeRate(p.platformFeeBps, lang) })}
              </p>
              <p className="small muted">{t('plans.feeBase')}</p>
              {p.id === 'monthly' && <p className="badge">{t('plans.trial', { days: q.data.trialDays })}</p>}
              <p className="muted">{t(planTextKey(p.id))}</p>
              <Link className="btn btn-secondary btn-block" to={platformPaths.signUp()}>
                {t('plans.choose')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Unknown paths of the platform domain. */
export function PlatformNotFoundPage() {
  const { t } = useTranslation('platform');
  return (
    <div className="container page empty-state">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="btn btn-primary" to={platformPaths.home()}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
