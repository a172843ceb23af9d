/** The storefront route tree (SPEC §2 public routes). Pages of the purchase flow load with the storefront chunk. */
import { Navigate, Route, Routes } from 'react-router';
import { ShopLayout } from './layout/shop-layout';
import { HomePage } from './features/home/home-page';
import { SearchPage } from './features/search/search-page';
import { ProductPage } from './features/product/product-page';
import { CartPage } from './features/cart/cart-page';
import { AddressPage } from './features/checkout/address-page';
import { ShippingPage } from './features/checkout/shipping-page';
import { PaymentPage } from './features/checkout/payment-page';
import { FinalizePage } from './features/checkout/finalize-page';
import { LoginPage } from './features/account/login-page';
import { RegisterPage } from './features/account/register-page';
import { RecoverPage } from './features/account/recover-page';
import { ResetPage } from './features/account/reset-page';
import { AddressesPage, PersonalDataPage, ProfileLayout } from './features/account/profile-page';
import { OrdersPage } from './features/orders/orders-page';
import { OrderPage } from './features/orders/order-page';
import { NotFoundPage } from './pages/not-found-page';
import { AccountSuspendedPage } from './pages/account-suspended-page';
import { ContentPage } from './pages/content-page';

const CONTENT_PAGES = ['somos', 'aviso', 'bolsa_trabajo', 'faq', 'glosario', 'politicas_compras', 'pagos_envios', 'aboutus', 'proveedor', 'reviews'] as const;

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
        <Route path="micarrito" element={<CartPage />} />
        <Route path="micarrito/direccion" element={<AddressPage />} />
        <Route path="micarrito/envio" element={<ShippingPage />} />
        <Route path="micarrito/pago" element={<PaymentPage />} />
        <Route path="micarrito/finaliza" element={<FinalizePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="registro" element={<RegisterPage />} />
        <Route path="recuperar" element={<RecoverPage />} />
        <Route path="recuperar/token" element={<ResetPage />} />
        <Route path="pedidos" element={<OrdersPage />} />
        <Route path="pedidos/pedido" element={<OrderPage />} />
        <Route path="miperfil" element={<ProfileLayout />}>
          <Route index element={<Navigate to="datos" replace />} />
          <Route path="datos" element={<PersonalDataPage />} />
          <Route path="misdirecciones" element={<AddressesPage />} />
        </Route>
        <Route path="messages" element={<ContentPage slug="messages" />} />
        {CONTENT_PAGES.map((slug) => <Route key={slug} path={slug} element={<ContentPage slug={slug} />} />)}
        <Route path="404" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
