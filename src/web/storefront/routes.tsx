/**
 * The storefront route tree. Browsing pages (home, search, product: the server-rendered
 * entry pages of decision 035) load with the storefront chunk; cart, checkout and account pages on demand, with the
 * checkout and account catalogues (shop-i18n.ts).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '../components/ui/loading';
import { loadChunk } from '../lib/load-chunk';
import { ShopLayout } from './layout/shop-layout';
import { HomePage } from './features/home/home-page';
import { SearchPage } from './features/search/search-page';
import { ProductPage } from './features/product/product-page';
import { NotFoundPage } from './pages/not-found-page';
import { AccountSuspendedPage } from './pages/account-suspended-page';
import type { ContentKind } from '../../shared/contracts/website';

/** A page loaded on first visit, with "Loading..." meanwhile; keeps forms and checkout out of the first load. */
function later<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  const Page = lazy(() =>
    loadChunk(() => Promise.all([load(), import('./shop-i18n')]).then(([m]) => m)).then((m) => ({
      default: pick(m),
    })),
  );
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

const cartPage = later(
  () => import('./features/cart/cart-page'),
  (m) => m.CartPage,
);
const addressPage = later(
  () => import('./features/checkout/address-page'),
  (m) => m.AddressPage,
);
const shippingPage = later(
  () => import('./features/checkout/shipping-page'),
  (m) => m.ShippingPage,
);
const paymentPage = later(
  () => import('./features/checkout/payment-page'),
  (m) => m.PaymentPage,
);
const walletReturnPage = later(
  () => import('./features/checkout/wallet-return-page'),
  (m) => m.WalletReturnPage,
);
const finalizePage = later(
  () => import('./features/checkout/finalize-page'),
  (m) => m.FinalizePage,
);
const loginPage = later(
  () => import('./features/account/login-page'),
  (m) => m.LoginPage,
);
const registerPage = later(
  () => import('./features/account/register-page'),
  (m) => m.RegisterPage,
);
const recoverPage = later(
  () => import('./features/account/recover-page'),
  (m) => m.RecoverPage,
);
const resetPage = later(
  () => import('./features/account/reset-page'),
  (m) => m.ResetPage,
);
const profileLayout = later(
  () => import('./features/account/profile-page'),
  (m) => m.ProfileLayout,
);
const personalDataPage = later(
  () => import('./features/account/profile-page'),
  (m) => m.PersonalDataPage,
);
const addressesPage = later(
  () => import('./features/account/profile-page'),
  (m) => m.AddressesPage,
);
const quoteRequestPage = later(
  () => import('./features/quotes/quote-request-page'),
  (m) => m.QuoteRequestPage,
);
const myQuotesPage = later(
  () => import('./features/quotes/my-quotes-page'),
  (m) => m.MyQuotesPage,
);
const quotePaymentPage = later(
  () => import('./features/checkout/quote-payment-page'),
  (m) => m.QuotePaymentPage,
);
const ordersPage = later(
  () => import('./features/orders/orders-page'),
  (m) => m.OrdersPage,
);
const orderPage = later(
  () => import('./features/orders/order-page'),
  (m) => m.OrderPage,
);
const myReviewsPage = later(
  () => import('./features/reviews/my-reviews-page'),
  (m) => m.MyReviewsPage,
);
const jobApplicationPage = later(
  () => import('./features/jobs/job-application-page'),
  (m) => m.JobApplicationPage,
);
const messagesPage = later(
  () => import('./features/messages/messages-page'),
  (m) => m.MessagesPage,
);

/** The store's company profile: its own chunk and catalogue, without the checkout and account ones. */
const AboutPageLazy = lazy(() =>
  loadChunk(() => import('./features/about/about-page')).then((m) => ({ default: m.AboutPage })),
);
const aboutPage = (
  <Suspense fallback={<Loading />}>
    <AboutPageLazy />
  </Suspense>
);

/** The store's editable content pages, each loaded on first visit. */
/**
 * The content pages (/aviso, /faq, ...): their own chunk in the browser; the server bundle (entry-server.tsx) sets the
 * component itself with `setStoreContentPage`, so it renders them whole and the browser hydrates them (decision 066).
 */
let StoreContentPage: ComponentType<{ kind: ContentKind }> = lazy(() =>
  loadChunk(() => import('./features/content/store-content-page')).then((m) => ({ default: m.StoreContentPage })),
);
/** For the server bundle only: renders the content pages with this (already loaded) component. */
export function setStoreContentPage(page: ComponentType<{ kind: ContentKind }>): void {
  StoreContentPage = page;
}
const STORE_CONTENT = ['aviso', 'politicas_compras', 'pagos_envios', 'faq', 'glosario'] as const;

export function StorefrontRoutes() {
  return (
    <Routes>
      <Route path="/account_suspended" element={<AccountSuspendedPage />} />
      <Route element={<ShopLayout />}>
        <Route index element={<HomePage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="search/keyword" element={<SearchPage />} />
        <Route path="deps" element={<SearchPage />} />
        <Route path="deps/departamento" element={<SearchPage />} />
        <Route path="cat" element={<SearchPage />} />
        <Route path="product" element={<ProductPage />} />
        <Route path="micarrito" element={cartPage} />
        <Route path="micarrito/direccion" element={addressPage} />
        <Route path="micarrito/envio" element={shippingPage} />
        <Route path="micarrito/pago" element={paymentPage} />
        <Route path="micarrito/paypal" element={walletReturnPage} />
        <Route path="micarrito/finaliza" element={finalizePage} />
        <Route path="micarrito/cotizacion" element={quotePaymentPage} />
        <Route path="cotizar" element={quoteRequestPage} />
        <Route path="login" element={loginPage} />
        <Route path="registro" element={registerPage} />
        <Route path="recuperar" element={recoverPage} />
        <Route path="recuperar/token" element={resetPage} />
        <Route path="pedidos" element={ordersPage} />
        <Route path="pedidos/pedido" element={orderPage} />
        <Route path="miperfil" element={profileLayout}>
          <Route index element={<Navigate to="datos" replace />} />
          <Route path="datos" element={personalDataPage} />
          <Route path="misdirecciones" element={addressesPage} />
          <Route path="cotizaciones" element={myQuotesPage} />
        </Route>
        <Route path="messages" element={messagesPage} />
        <Route path="reviews" element={myReviewsPage} />
        <Route path="somos" element={aboutPage} />
        <Route path="aboutus" element={aboutPage} />
        <Route path="proveedor" element={aboutPage} />
        {STORE_CONTENT.map((kind) => (
          <Route
            key={kind}
            path={kind}
            element={
              <Suspense fallback={<Loading />}>
                <StoreContentPage kind={kind} />
              </Suspense>
            }
          />
        ))}
        <Route path="bolsa_trabajo" element={jobApplicationPage} />
        <Route path="404" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
