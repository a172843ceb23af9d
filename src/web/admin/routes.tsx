/** The admin route tree (SPEC §2 admin routes), loaded only under /admin. */
import { Route, Routes } from 'react-router';
import './i18n';
import './admin.css';
import { AdminFallbackPage, AdminLayout } from './layout/admin-layout';
import { StorePickerPage } from './features/auth/store-picker-page';
import { InvitationPage } from './features/auth/invitation-page';
import { CollaboratorsPage } from './features/collaborators/collaborators-page';
import { AdminLoginPage } from './features/auth/admin-login-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { SalesPage } from './features/sales/sales-page';
import { OrderStatusPage } from './features/sales/order-status-page';
import { CouponsPage } from './features/coupons/coupons-page';
import { PickupsPage } from './features/pickups/pickups-page';

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route path="tiendas" element={<StorePickerPage />} />
      <Route path="invitacion/:token" element={<InvitationPage />} />
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="ventas" element={<SalesPage />} />
        <Route path="orderStatus" element={<OrderStatusPage />} />
        <Route path="cupones" element={<CouponsPage />} />
        <Route path="pickups" element={<PickupsPage />} />
        <Route path="colaboradores" element={<CollaboratorsPage />} />
        {/* A section of a later release says "coming soon"; any other path is the 404 page (issue 7). */}
        <Route path="*" element={<AdminFallbackPage />} />
      </Route>
    </Routes>
  );
}
