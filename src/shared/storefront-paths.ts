/**
 * Every page of the storefront's router (src/web/storefront/routes.tsx), so the server can tell a page that exists
 * from one that does not and answer 404 for the latter (decision 107). `/404`, the not-found page itself, is not in
 * the list. tests/unit/storefront-paths.test.ts checks the list against routes.tsx.
 */
export const STOREFRONT_PATHS: readonly string[] = [
  '/',
  '/account_suspended',
  '/search',
  '/search/keyword',
  '/deps',
  '/deps/departamento',
  '/cat',
  '/product',
  '/micarrito',
  '/micarrito/direccion',
  '/micarrito/envio',
  '/micarrito/pago',
  '/micarrito/paypal',
  '/micarrito/finaliza',
  '/micarrito/cotizacion',
  '/login',
  '/registro',
  '/recuperar',
  '/recuperar/token',
  '/pedidos',
  '/pedidos/pedido',
  '/miperfil',
  '/miperfil/datos',
  '/miperfil/misdirecciones',
  '/miperfil/cotizaciones',
  '/cotizar',
  '/messages',
  '/somos',
  '/aboutus',
  '/proveedor',
  '/aviso',
  '/politicas_compras',
  '/pagos_envios',
  '/faq',
  '/glosario',
  '/bolsa_trabajo',
  '/reviews',
];

const KNOWN = new Set(STOREFRONT_PATHS);

/**
 * Whether `pathname` is a page of the storefront's router, matched as React Router matches it: letters in any case
 * and a trailing slash allowed.
 */
export function isStorefrontPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN.has((p || '/').toLowerCase());
}
