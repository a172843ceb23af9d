/** Vitrina's own home on the platform domain (issue 7): what Vitrina is, plans, "Crear mi tienda", seller sign-in. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { platformPaths } from './paths';
import { platformHomeTexts } from './platform-offers';

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
      <section className="container section" aria-labelledby="plans">
        <h2 id="plans">{t('plans.title')}</h2>
        <ul className="platform-grid">
          {texts.plans.map((p) => (
            <li key={p.id} className={`card platform-plan${p.id === 'grow' ? ' featured' : ''}`}>
              <h3>{t(p.name)}</h3>
              <p className="platform-price">{t(p.price)}</p>
              <p className="muted">{t(p.text)}</p>
              <Link className="btn btn-secondary btn-block" to={platformPaths.signUp()}>
                {t('plans.choose')}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
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
