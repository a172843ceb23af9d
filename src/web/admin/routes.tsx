/** The admin route tree (SPEC §2 admin routes), loaded only under /admin. */
import { Route, Routes } from 'react-router';
import './i18n';
import './admin.css';
import { AdminLayout, ComingSoonPage } from './layout/admin-layout';
import { AdminLoginPage } from './features/auth/admin-login-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { SalesPage } from './features/sales/sales-page';
import { OrderStatusPage } from './features/sales/order-status-page';
import { MyStorePage } from './features/website/my-store-page';
import { WebsitePage } from './features/website/website-page';
import { WizardPage } from './features/website/wizard-page';
import { ContentEditorPage } from './features/website/content-editor-page';
import { WebsiteTabs } from './features/website/website-tabs';

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="ventas" element={<SalesPage />} />
        <Route path="orderStatus" element={<OrderStatusPage />} />
        <Route element={<WebsiteTabs />}>
          <Route path="mi-tienda" element={<MyStorePage />} />
          <Route path="website" element={<WebsitePage />} />
          <Route path="aviso-privacidad" element={<ContentEditorPage kind="aviso" />} />
          <Route path="politica-compra" element={<ContentEditorPage kind="politicas_compras" />} />
          <Route path="pagos-y-envios" element={<ContentEditorPage kind="pagos_envios" />} />
          <Route path="faq" element={<ContentEditorPage kind="faq" />} />
          <Route path="glosario" element={<ContentEditorPage kind="glosario" />} />
        </Route>
        <Route path="wizard" element={<WizardPage />} />
        <Route path="*" element={<ComingSoonPage />} />
      </Route>
    </Routes>
  );
}
