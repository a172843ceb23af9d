/** Every route of the web app with a function that builds its link. */
const qs = (params: Record<string, string | number | undefined | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
};

export const paths = {
  home: () => '/',
  search: (p: { q?: string; departamento?: string; categoria?: string; sort?: string; page?: number } = {}) =>
    `${p.q ? '/search/keyword' : '/search'}${qs(p)}`,
  department: (slug: string) => `/deps/departamento${qs({ departamento: slug })}`,
  departments: () => '/deps',
  product: (codigo: string) => `/product${qs({ codigo })}`,
  cart: () => '/micarrito',
  checkoutAddress: () => '/micarrito/direccion',
  checkoutShipping: () => '/micarrito/envio',
  checkoutPayment: () => '/micarrito/pago',
  checkoutDone: (pedido: string, t?: string) => `/micarrito/finaliza${qs({ pedido, t })}`,
  /** Back from the wallet (PayPal's return and cancel URLs; the server builds them in checkout/place-order.ts). */
  checkoutWallet: () => '/micarrito/paypal',
  login: (next?: string) => `/login${qs({ next })}`,
  register: (next?: string) => `/registro${qs({ next })}`,
  recover: () => '/recuperar',
  orders: () => '/pedidos',
  order: (id: string, t?: string) => `/pedidos/pedido${qs({ id, t })}`,
  profile: () => '/miperfil',
  addresses: () => '/miperfil/misdirecciones',
  personalData: () => '/miperfil/datos',
  page: (slug: 'somos' | 'aviso' | 'faq' | 'glosario' | 'politicas_compras' | 'pagos_envios' | 'bolsa_trabajo') =>
    `/${slug}`,
  notFound: () => '/404',
  admin: {
    login: () => '/admin/login',
    home: () => '/admin',
    sales: (p: { page?: number; status?: string } = {}) => `/admin/ventas${qs(p)}`,
    orderStatus: (id: string) => `/admin/orderStatus${qs({ id })}`,
    stores: () => '/admin/tiendas',
    collaborators: () => '/admin/colaboradores',
    myStore: () => '/admin/mi-tienda',
    website: () => '/admin/website',
    wizard: () => '/admin/wizard',
    balanceSummary: () => '/admin/balance/summary',
    paymentHistory: () => '/admin/balance/payment-history',
    bankAccount: () => '/admin/my-account-bank',
    delivery: (orderId: string) => `/admin/entrega/${encodeURIComponent(orderId)}`,
    companyProfile: (seccion?: string) => `/admin/mis-datos${qs({ seccion })}`,
    globalCatalog: () => '/admin/catalogoglobal',
    globalOffer: (offerId: string) => `/admin/catalogoglobal/${encodeURIComponent(offerId)}`,
    /** Creating a listing of a global catalogue offer in the seller's store. */
    newListing: (offerId: string) => `/admin/dropshiping/nuevo/${encodeURIComponent(offerId)}`,
  },
};
