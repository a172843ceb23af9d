/** The admin route tree (SPEC §2 admin routes), loaded only under /admin. */
import { Route, Routes } from 'react-router';
import './i18n';
import './admin.css';
import { AdminLayout, ComingSoonPage } from './layout/admin-layout';
import { AdminLoginPage } from './features/auth/admin-login-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { SalesPage } from './features/sales/sales-page';
import { OrderStatusPage } from './features/sales/order-status-page';
import { CatalogPage } from './features/catalog/catalog-page';
import { ProductEditorPage } from './features/catalog/product-editor-page';
import { CouponsPage } from './features/coupons/coupons-page';
import { PickupsPage } from './features/pickups/pickups-page';

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="ventas" element={<SalesPage />} />
        <Route path="orderStatus" element={<OrderStatusPage />} />
        <Route path="catalogo" element={<CatalogPage />} />
        <Route path="altaproducto" element={<ProductEditorPage />} />
        <Route path="catalogo/producto/:catalogo_id" element={<ProductEditorPage />} />
        <Route path="cupones" element={<CouponsPage />} />
        <Route path="pickups" element={<PickupsPage />} />
        <Route path="*" element={<ComingSoonPage />} />
      </Route>
    </Routes>
  );
}
