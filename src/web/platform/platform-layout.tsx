/** The platform's shell: Vitrina's brand, sign-in and "Crear mi tienda", language switch and a short footer. */
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';
import { platformPaths } from './paths';

export function PlatformLayout() {
  const { t, i18n } = useTranslation('platform');
  const lang = i18n.language === 'en' ? 'en' : 'es';
  return (
    <div className="platform">
      <a className="skip-link" href="#platform-main">
        {t('skipToContent')}
      </a>
      <header className="platform-header">
        <div className="container platform-bar">
          <Link to={platformPaths.home()} className="platform-brand">
            Vitrina
          </Link>
          <span className="spacer" />
          <button
            type="button"
            className="icon-btn"
            onClick={() => setLanguage(lang === 'es' ? 'en' : 'es')}
            aria-label={`${lang === 'es' ? 'EN' : 'ES'} – ${t('switchLanguage')}`}
          >
            {lang === 'es' ? 'EN' : 'ES'}
          </button>
          <a className="btn btn-ghost" href="/admin/login">
            {t('nav.signIn')}
          </a>
          <Link className="btn btn-primary hide-mobile" to={platformPaths.signUp()}>
            {t('nav.createStore')}
          </Link>
        </div>
      </header>
      <main id="platform-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="platform-footer">
        <div className="container small">{t('footer', { year: new Date().getFullYear() })}</div>
      </footer>
    </div>
  );
}
