/**
 * Routes of the supplier side of the marketplace (decision 134): a supplier's offers of its products, and the global
 * catalogue resellers search. Schemas in marketplace.ops.ts.
 */
export const getSupplierOffer = {
  name: 'getSupplierOffer',
  method: 'GET',
  path: '/api/admin/marketplace/offers/:codigo',
} as const;
export const publishOffer = {
  name: 'publishOffer',
  method: 'PUT',
  path: '/api/admin/marketplace/offers/:codigo',
} as const;
export const unpublishOffer = {
  name: 'unpublishOffer',
  method: 'POST',
  path: '/api/admin/marketplace/offers/:codigo/unpublish',
} as const;
export const searchGlobalCatalog = {
  name: 'searchGlobalCatalog',
  method: 'GET',
  path: '/api/admin/global-catalog',
} as const;
export const getGlobalOffer = {
  name: 'getGlobalOffer',
  method: 'GET',
  path: '/api/admin/global-catalog/:offerId',
} as const;
