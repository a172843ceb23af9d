/** The admin route tree (SPEC §2 admin routes), loaded only under /admin. */
import { Route, Routes } from 'react-router';
import './i18n';
import './admin.css';
import { AdminLayout, ComingSoonPage } from './layout/admin-layout';
import { AdminLoginPage } from './features/auth/admin-login-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { SalesPage } from './features/sales/sales-page';
import { OrderStatusPage } from './features/sales/order-status-page';
import { BalanceSummaryPage } from './features/balances/balance-summary-page';
import { PaymentHistoryPage } from './features/balances/payment-history-page';
import { BankAccountPage } from './features/balances/bank-account-page';
import { DeliveryPage } from './features/balances/delivery-page';

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="ventas" element={<SalesPage />} />
        <Route path="orderStatus" element={<OrderStatusPage />} />
        <Route path="balance/summary" element={<BalanceSummaryPage />} />
        <Route path="balance/payment-history" element={<PaymentHistoryPage />} />
        <Route path="my-account-bank" element={<BankAccountPage />} />
        <Route path="entrega/:pedidoId" element={<DeliveryPage />} />
        <Route path="*" element={<ComingSoonPage />} />
      </Route>
    </Routes>
  );
}
