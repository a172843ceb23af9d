/** The platform domain's route tree: Vitrina's home and seller sign-up; loaded only there. */
import { Route, Routes } from 'react-router';
import './i18n';
import './platform.css';
import { PlatformLayout } from './platform-layout';
import { PlatformHomePage, PlatformNotFoundPage } from './platform-home-page';
import { SignUpPage } from './sign-up-page';
import { VerifyEmailPage } from './verify-email-page';

export function PlatformRoutes() {
  return (
    <Routes>
      <Route element={<PlatformLayout />}>
        <Route index element={<PlatformHomePage />} />
        <Route path="crear-tienda" element={<SignUpPage />} />
        <Route path="verificar-correo" element={<VerifyEmailPage />} />
        <Route path="*" element={<PlatformNotFoundPage />} />
      </Route>
    </Routes>
  );
}
