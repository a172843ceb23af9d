/** The platform domain's route tree: Vitrina's home, seller sign-up and the operator's area; loaded only there. */
import { Route, Routes } from 'react-router';
import './i18n';
import './platform.css';
import { PlatformLayout } from './platform-layout';
import { PlatformHomePage, PlatformNotFoundPage } from './platform-home-page';
import { SignUpPage } from './sign-up-page';
import { VerifyEmailPage } from './verify-email-page';
import {
  OperatorAuditPage,
  OperatorBadgeRequestPage,
  OperatorBadgeRequestsPage,
  OperatorFeesPage,
  OperatorLayout,
  OperatorLoginPage,
  OperatorReportsPage,
  OperatorStorePage,
  OperatorStoresPage,
} from './operator/operator-pages';

export function PlatformRoutes() {
  return (
    <Routes>
      <Route element={<PlatformLayout />}>
        <Route index element={<PlatformHomePage />} />
        <Route path="crear-tienda" element={<SignUpPage />} />
        <Route path="verificar-correo" element={<VerifyEmailPage />} />
        <Route path="operador/login" element={<OperatorLoginPage />} />
        <Route path="operador" element={<OperatorLayout />}>
          <Route index element={<OperatorStoresPage />} />
          <Route path="tiendas/:storeId" element={<OperatorStorePage />} />
          <Route path="insignias" element={<OperatorBadgeRequestsPage />} />
          <Route path="insignias/:id" element={<OperatorBadgeRequestPage />} />
          <Route path="comisiones" element={<OperatorFeesPage />} />
          <Route path="reportes" element={<OperatorReportsPage />} />
          <Route path="auditoria" element={<OperatorAuditPage />} />
        </Route>
        <Route path="*" element={<PlatformNotFoundPage />} />
      </Route>
    </Routes>
  );
}
