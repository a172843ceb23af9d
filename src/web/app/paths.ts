/** Every page of the storefront with a function that builds its link (the admin's: admin/shared/paths.ts). */

/** `?a=1&b=2` from the given params, leaving out the empty ones; '' when none is left. */
export const qs = (params: Record<string, string | number | undefined | null>) => {
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
  /** The buyer's quotes ("Mis cotizaciones"), a quote request for a product, and the checkout of a quote's tier. */
  myQuotes: () => '/miperfil/cotizaciones',
  quoteRequest: (codigo: string) => `/cotizar${qs({ codigo })}`,
  quoteCheckout: (id: string, nivel: number) => `/micarrito/cotizacion${qs({ id, nivel })}`,
  page: (slug: 'somos' | 'aviso' | 'faq' | 'glosario' | 'politicas_compras' | 'pagos_envios' | 'bolsa_trabajo') =>
    `/${slug}`,
  notFound: () => '/404',
};
