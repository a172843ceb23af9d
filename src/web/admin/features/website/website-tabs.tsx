/**
 * The store builder's section tabs (settings, look, content pages) above each of its pages; a link list on phones.
 * Every tab needs the settings permission: without it the tabs are left out and the page shows "no permission".
 */
import './website.css';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, useSellerMe } from '../../shared/seller-me';

const TABS = [
  ['/admin/mi-tienda', 'nav.myStore'],
  ['/admin/website', 'nav.website'],
  ['/admin/aviso-privacidad', 'content.aviso'],
  ['/admin/politica-compra', 'content.politicas_compras'],
  ['/admin/pagos-y-envios', 'content.pagos_envios'],
  ['/admin/faq', 'content.faq'],
  ['/admin/glosario', 'content.glosario'],
  ['/admin/wizard', 'nav.wizard'],
] as const;

export function WebsiteTabs() {
  const { t } = useTranslation('website');
  const me = useSellerMe();
  return (
    <div className="stack">
      {can(me.data, 'settings') && (
        <nav className="website-tabs" aria-label={t('nav.content')}>
          <ul>
            {TABS.map(([to, key]) => (
              <li key={to}>
                <NavLink to={to}>{t(key)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Outlet />
    </div>
  );
}
