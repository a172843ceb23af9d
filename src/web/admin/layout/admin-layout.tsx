/** The admin shell: sidebar with the admin sections (a drawer on phones), top bar, language switch. */
import { useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../shared/paths';
import { setLanguage } from '../../lib/i18n';
import { Loading } from '../../components/ui/loading';
import { Button } from '../../components/ui/button';
import { can, useSellerMe } from '../shared/seller-me';
import type { Permission } from '../../../shared/contracts/identity';
import { useSignOut } from '../../shared/api/sign-out';
import { EmailVerificationBanner } from '../shared/email-verification-banner';
import { QuotesNavCount } from '../shared/quotes-count';
import { MessagesNavCount, useStoreLiveMessages } from '../shared/messages-nav-count';

/**
 * The admin sections; only those with `ready` work in this release, the rest say "coming soon".
 * `permission`: what a collaborator needs to see the entry ('owner': the owner only); the server decides anyway.
 */
const SECTIONS: { to: string; key: string; ready?: boolean; permission?: Permission | 'owner' }[] = [
  { to: '/admin', key: 'dashboard', ready: true, permission: 'orders' },
  { to: '/admin/ventas', key: 'sales', ready: true, permission: 'orders' },
  { to: '/admin/catalogo', key: 'catalog', ready: true, permission: 'catalog' },
  { to: '/admin/altaproducto', key: 'newProduct', ready: true, permission: 'catalog' },
  { to: '/admin/comments', key: 'comments', ready: true, permission: 'catalog' },
  { to: '/admin/cotizaciones', key: 'quotes', ready: true, permission: 'orders' },
  { to: '/admin/mensajes', key: 'messages', ready: true, permission: 'orders' },
  { to: '/admin/catalogoglobal', key: 'globalCatalog', ready: true, permission: 'catalog' },
  { to: '/admin/dropshiping', key: 'dropshipping', ready: true, permission: 'catalog' },
  { to: '/admin/balance/summary', key: 'balance', ready: true, permission: 'money' },
  { to: '/admin/cupones', key: 'coupons', ready: true, permission: 'money' },
  { to: '/admin/pickups', key: 'pickups', ready: true, permission: 'orders' },
  { to: '/admin/visitas', key: 'visits', ready: true, permission: 'orders' },
  { to: '/admin/mi-tienda', key: 'myStore', ready: true, permission: 'settings' },
  { to: '/admin/website', key: 'website', ready: true, permission: 'settings' },
  { to: '/admin/domains', key: 'domains', ready: true, permission: 'settings' },
  { to: '/admin/mis-datos', key: 'company', ready: true, permission: 'settings' },
  { to: '/admin/mis-datos/solicitudes', key: 'jobApplications', ready: true, permission: 'owner' },
  { to: '/admin/colaboradores', key: 'collaborators', ready: true, permission: 'owner' },
  { to: '/admin/suscripcion', key: 'subscription', ready: true, permission: 'owner' },
];

export function AdminLayout() {
  const { t, i18n } = useTranslation('admin');
  const me = useSellerMe();
  const signOut = useSignOut('admin');
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The store's live messages while the admin is open: unread count in the menu, bubbles marked received.
  useStoreLiveMessages(can(me.data, 'orders'));
  if (me.isPending) return <Loading />;
  if (!me.data)
    return <Navigate to={adminPaths.login()} replace state={{ from: location.pathname + location.search }} />;
  // Signed in but no store chosen (several stores, or the membership was revoked): the picker.
  if (!me.data.store) return <Navigate to={adminPaths.stores()} replace />;
  const seller = { data: me.data.user };
  const store = me.data.store;
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
        <Link to={adminPaths.home()} className="admin-brand">
          Vitrina<span className="hide-mobile"> · {t('title')}</span>
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
        {me.data.stores.length > 1 ? (
          <Link
            className="small admin-store-switch"
            to={adminPaths.stores()}
            aria-label={`${store.name} – ${t('switchStore')}`}
          >
            {store.name} ⇄
          </Link>
        ) : (
          <span className="small hide-mobile">{store.name} ·</span>
        )}
        <span className="small hide-mobile">{seller.data.fullName}</span>
        <Button variant="ghost" onClick={() => signOut.mutate()}>
          {t('signOut')}
        </Button>
      </header>
      <div className="admin-body">
        <nav id="admin-nav" className={`admin-nav${open ? ' open' : ''}`} aria-label={t('sections')}>
          <ul>
            {SECTIONS.filter((s) => can(me.data, s.permission)).map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  end={s.to === '/admin' || s.to === '/admin/mis-datos'}
                  onClick={() => setOpen(false)}
                >
                  {t(`nav.${s.key}`)}
                  {!s.ready && <span className="badge">{t('soon')}</span>}
                  {s.key === 'quotes' && <QuotesNavCount />}
                  {s.key === 'messages' && <MessagesNavCount />}
                </NavLink>
              </li>
            ))}
            {me.data.stores.length > 1 && (
              <li>
                <NavLink to={adminPaths.stores()} onClick={() => setOpen(false)}>
                  {t('switchStore')} ⇄
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <EmailVerificationBanner />
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
      <Link className="btn btn-primary" to={adminPaths.sales()}>
        {t('nav.sales')}
      </Link>
    </div>
  );
}

/** Unknown /admin/* paths: the 404 page, not "coming soon". */
export function AdminNotFoundPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="card empty-state">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="btn btn-primary" to={adminPaths.home()}>
        {t('nav.dashboard')}
      </Link>
    </div>
  );
}

/** What an admin path no route claims shows: "coming soon" for a section not ready yet, else the 404 page. */
export function AdminFallbackPage() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  return SECTIONS.some((s) => !s.ready && s.to === path) ? <ComingSoonPage /> : <AdminNotFoundPage />;
}
