/**
 * The admin's TanStack Query keys, built only through these factories like the storefront's (lib/query-keys.ts);
 * apart from those so that the storefront's first load does not carry them. Every key starts with 'admin'.
 */
export const adminQueryKeys = {
  dashboard: () => ['admin', 'dashboard'] as const,
  orders: () => ['admin', 'orders'] as const,
  orderList: (status: string | undefined, page: number) => ['admin', 'orders', 'list', status ?? null, page] as const,
  order: (id: string) => ['admin', 'order', id] as const,
  /** A supplier's purchase orders (packages of resellers' orders it ships). */
  purchaseOrders: () => ['admin', 'purchase-orders'] as const,
  purchaseOrderList: (status: string | undefined, page: number) =>
    ['admin', 'purchase-orders', 'list', status ?? null, page] as const,
  purchaseOrder: (id: string) => ['admin', 'purchase-orders', 'one', id] as const,
  /** GET /api/proveedor/company_profile (the status route shares the prefix, so one invalidation refreshes both). */
  companyProfile: () => ['admin', 'company-profile'] as const,
  companyStatus: () => ['admin', 'company-profile', 'status'] as const,
  /** Store builder: settings and look, wizard draft, content editors. */
  webconfigs: () => ['admin', 'webconfigs'] as const,
  wizard: () => ['admin', 'wizard'] as const,
  content: (kind: string) => ['admin', 'content', kind] as const,
  /** Money: balance summary, payment history, bank account; an order's proof of delivery. */
  balanceSummary: () => ['admin', 'balance', 'summary'] as const,
  paymentHistory: () => ['admin', 'balance', 'history'] as const,
  bankAccount: () => ['admin', 'bank-account'] as const,
  delivery: (id: string) => ['admin', 'order', id, 'delivery'] as const,
};
