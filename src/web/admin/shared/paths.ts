/**
 * Every page of the admin with a function that builds its link; apart from the storefront's (app/paths.ts) so that
 * the storefront's first load does not carry them.
 */
import { qs } from '../../app/paths';

export const adminPaths = {
  login: () => '/admin/login',
  home: () => '/admin',
  sales: (p: { page?: number; status?: string } = {}) => `/admin/ventas${qs(p)}`,
  orderStatus: (id: string) => `/admin/orderStatus${qs({ id })}`,
  purchaseOrders: (p: { page?: number; status?: string } = {}) => `/admin/ventas/revendedores${qs(p)}`,
  purchaseOrder: (id: string) => `/admin/ventas/revendedores/${encodeURIComponent(id)}`,
  stores: () => '/admin/tiendas',
  /** The store's visits: visitors, page views, searched words, conversion. */
  visits: () => '/admin/visitas',
  /** The store's quote requests, and one to answer. */
  quotes: () => '/admin/cotizaciones',
  quote: (id: string) => `/admin/cotizacion/${encodeURIComponent(id)}`,
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
  /** The seller's dropshipping listings (where a listing's prices, title and description are edited). */
  dropshipping: () => '/admin/dropshiping',
  /** The store's domains: adding one, its DNS records, activation. */
  domains: () => '/admin/domains',
  /** Creating a listing of a global catalogue offer in the seller's store. */
  newListing: (offerId: string) => `/admin/dropshiping/nuevo/${encodeURIComponent(offerId)}`,
};
