/**
 * The two lists of Ventas: the store's own orders and "Pedidos de revendedores" (the packages a supplier ships for
 * other stores' orders, decision 135). Links, not ARIA tabs: each is its own page with its own address.
 */
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';

export function SalesTabs() {
  const { t } = useTranslation('admin');
  return (
    <nav className="section-tabs" aria-label={t('sales.sections')}>
      <ul>
        <li>
          <NavLink to={adminPaths.sales()} end>
            {t('sales.ownOrders')}
          </NavLink>
        </li>
        <li>
          <NavLink to={adminPaths.purchaseOrders()} end>
            {t('purchaseOrders.title')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
