/**
 * Every TanStack Query key of the storefront and of the signed-in user, in one place (the admin's own keys are in
 * admin/shared/query-keys.ts: this module is in the storefront's first load). A key is built only
 * through these factories, so that a query and the invalidation that refreshes it cannot drift apart. Keys nest by
 * prefix: invalidating `queryKeys.orders.all()` refreshes the list and every order detail of the signed-in buyer.
 */
import type { Area } from './session';

/** A cart line as sent to the API (codigo, sku, quantity). */
export interface CartLineKey {
  codigo: string;
  sku: string;
  quantity: number;
}

export const queryKeys = {
  /** GET /api/user per area: the storefront customer and the admin seller are separate sessions (decision 003). */
  currentUser: (area: Area) => ['user', area] as const,
  storeConfig: () => ['configwebsite'] as const,
  /** A store content page (/aviso, /faq, ...). */
  content: (kind: string) => ['content', kind] as const,
  departments: () => ['departments'] as const,
  home: () => ['home'] as const,
  search: (p: { q: string; departamento: string; categoria: string; sort: string; page: number }) =>
    ['search', p.q, p.departamento, p.categoria, p.sort, p.page] as const,
  product: (codigo: string) => ['product', codigo] as const,
  cartQuote: (items: CartLineKey[]) => ['cart-quote', items] as const,
  couponCheck: (code: string, items: CartLineKey[]) => ['coupon-check', code, items] as const,
  shippingRates: (postalCode: string | undefined, items: CartLineKey[]) => ['rates', postalCode, items] as const,
  postalCode: (cp: string) => ['postal-code', cp] as const,
  addresses: () => ['addresses'] as const,
  resetLink: (token: string) => ['reset', token] as const,
  orders: {
    all: () => ['orders'] as const,
    list: () => ['orders', 'list'] as const,
    /** One order as its buyer sees it; `viewToken` is a guest's token (decision 022). */
    detail: (id: string, viewToken?: string) => ['orders', 'detail', id, viewToken ?? null] as const,
    /** The proof of delivery of the buyer's order. */
    delivery: (id: string, viewToken?: string) => ['orders', 'delivery', id, viewToken ?? null] as const,
  },
  /** GET /api/reseller/aboutus of the storefront's store. */
  aboutUs: () => ['aboutus'] as const,
};
