/** The admin route tree, loaded only under /admin. */
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
import { PurchaseOrdersPage } from './features/sales/purchase-orders-page';
import { PurchaseOrderPage } from './features/sales/purchase-order-page';
import { CompanyPage } from './features/company/company-page';
import { JobApplicationsPage } from './features/job-applications/job-applications-page';
import { CatalogPage } from './features/catalog/catalog-page';
import { ProductEditorPage } from './features/catalog/product-editor-page';
import { CouponsPage } from './features/coupons/coupons-page';
import { QuotesPage } from './features/quotes/quotes-page';
import { QuotePage } from './features/quotes/quote-page';
import { ReviewsPage } from './features/reviews/reviews-page';
import { AdminMessagesPage } from './features/messages/messages-page';
import { PickupsPage } from './features/pickups/pickups-page';
import { MyStorePage } from './features/website/my-store-page';
import { WebsitePage } from './features/website/website-page';
import { WizardPage } from './features/website/wizard-page';
import { ContentEditorPage } from './features/website/content-editor-page';
import { WebsiteTabs } from './features/website/website-tabs';
import { BalanceSummaryPage } from './features/balances/balance-summary-page';
import { PaymentHistoryPage } from './features/balances/payment-history-page';
import { BankAccountPage } from './features/balances/bank-account-page';
import { DeliveryPage } from './features/balances/delivery-page';
import { SubscriptionPage } from './features/subscription/subscription-page';
import { PlansPage, PremiumPlanPage } from './features/subscription/plans-page';
import { ListingsPage } from './features/dropshipping/listings-page';
import { DomainsPage } from './features/domains/domains-page';
import { ListingNewPage } from './features/dropshipping/listing-new-page';
import { GlobalCatalogPage } from './features/global-catalog/global-catalog-page';
import { GlobalOfferPage } from './features/global-catalog/global-offer-page';
import { VisitsPage } from './features/visits/visits-page';

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route path="tiendas" element={<StorePickerPage />} />
      <Route path="invitacion/:token" element={<InvitationPage />} />
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="ventas" element={<SalesPage />} />
        <Route path="ventas/revendedores" element={<PurchaseOrdersPage />} />
        <Route path="ventas/revendedores/:id" element={<PurchaseOrderPage />} />
        <Route path="orderStatus" element={<OrderStatusPage />} />
        <Route path="mis-datos" element={<CompanyPage />} />
        <Route path="mis-datos/solicitudes" element={<JobApplicationsPage />} />
        <Route path="catalogo" element={<CatalogPage />} />
        <Route path="altaproducto" element={<ProductEditorPage />} />
        <Route path="catalogo/producto/:catalogo_id" element={<ProductEditorPage />} />
        <Route path="catalogoglobal" element={<GlobalCatalogPage />} />
        <Route path="catalogoglobal/:offerId" element={<GlobalOfferPage />} />
        <Route path="cupones" element={<CouponsPage />} />
        <Route path="cotizaciones" element={<QuotesPage />} />
        <Route path="cotizacion/:cotizacion_id" element={<QuotePage />} />
        <Route path="mensajes" element={<AdminMessagesPage />} />
        <Route path="comments" element={<ReviewsPage />} />
        <Route path="catalogo/comentarios/:codigo" element={<ReviewsPage />} />
        <Route path="dropshiping" element={<ListingsPage />} />
        <Route path="dropshiping/nuevo/:offerId" element={<ListingNewPage />} />
        <Route path="pickups" element={<PickupsPage />} />
        <Route path="visitas" element={<VisitsPage />} />
        <Route path="domains" element={<DomainsPage />} />
        <Route path="colaboradores" element={<CollaboratorsPage />} />
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
        <Route path="balance/summary" element={<BalanceSummaryPage />} />
        <Route path="balance/payment-history" element={<PaymentHistoryPage />} />
        <Route path="my-account-bank" element={<BankAccountPage />} />
        <Route path="entrega/:pedidoId" element={<DeliveryPage />} />
        <Route path="suscripcion" element={<SubscriptionPage />} />
        <Route path="suscripcion/plans" element={<PlansPage />} />
        <Route path="suscripcion/plans/premium" element={<PremiumPlanPage />} />
        {/* A section of a later release says "coming soon"; any other path is the 404 page. */}
        <Route path="*" element={<AdminFallbackPage />} />
      </Route>
    </Routes>
  );
}
