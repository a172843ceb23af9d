/** The admin shell: sidebar with the SPEC §2 admin sections (a drawer on phones), top bar, language switch. */
import { useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { setLanguage } from '../../lib/i18n';
import { Loading } from '../../components/ui/loading';
import { Button } from '../../components/ui/button';
import { useCurrentUser } from '../../shared/api/get-current-user';
import { useSignOut } from '../../shared/api/sign-out';

/** Sections of SPEC §2 admin routes; only those with `ready` work in this release, the rest say "coming soon". */
const SECTIONS: { to: string; key: string; ready?: boolean }[] = [
  { to: '/admin', key: 'dashboard', ready: true },
  { to: '/admin/ventas', key: 'sales', ready: true },
  { to: '/admin/catalogo', key: 'catalog' },
  { to: '/admin/altaproducto', key: 'newProduct' },
  { to: '/admin/cotizaciones', key: 'quotes' },
  { to: '/admin/mensajes', key: 'messages' },
  { to: '/admin/catalogoglobal', key: 'globalCatalog' },
  { to: '/admin/balance/summary', key: 'balance', ready: true },
  { to: '/admin/website', key: 'website' },
  { to: '/admin/domains', key: 'domains' },
  { to: '/admin/mis-datos', key: 'company' },
  { to: '/admin/suscripcion', key: 'subscription' },
];

export function AdminLayout() {
  const { t, i18n } = useTranslation('admin');
  const seller = useCurrentUser('admin');
  const signOut = useSignOut('admin');
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (seller.isPending) return <Loading />;
  if (!seller.data || (seller.data.role !== 'owner' && seller.data.role !== 'collaborator'))
    return <Navigate to={paths.admin.login()} replace state={{ from: location.pathname + location.search }} />;
  const lang = i18n.language === 'en' ? 'en' : 'es';
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        {t('skipToContent')}
      </a>
      <header className="admin-top">
        <button
          type="button"
          className="icon-btn admin-menu-btn"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen(!open)}
        >
          ☰ <span className="visually-hidden">{t('menu')}</span>
        </button>
        <Link to={paths.admin.home()} className="admin-brand">
          Vitrina · {t('title')}
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
        <span className="small hide-mobile">{seller.data.fullName}</span>
        <Button variant="ghost" onClick={() => signOut.mutate()}>
          {t('signOut')}
        </Button>
      </header>
      <div className="admin-body">
        <nav id="admin-nav" className={`admin-nav${open ? ' open' : ''}`} aria-label={t('sections')}>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.to === '/admin'} onClick={() => setOpen(false)}>
                  {t(`nav.${s.key}`)}
                  {!s.ready && <span className="badge">{t('soon')}</span>}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ComingSoonPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="card empty-state">
      <h1>{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.text')}</p>
      <Link className="btn btn-primary" to={paths.admin.sales()}>
        {t('nav.sales')}
      </Link>
    </div>
  );
}
