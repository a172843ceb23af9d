/** Routes of a reseller's listings of suppliers' offers (catalog permission; decision 134); schemas in listings.ops.ts. */
export const listListings = { name: 'listListings', method: 'GET', path: '/api/admin/listings' } as const;
export const getListing = { name: 'getListing', method: 'GET', path: '/api/admin/listings/:id' } as const;
export const getListingOffer = {
  name: 'getListingOffer',
  method: 'GET',
  path: '/api/admin/listings/offer/:offerId',
} as const;
export const createListing = { name: 'createListing', method: 'POST', path: '/api/admin/listings' } as const;
export const updateListing = { name: 'updateListing', method: 'PUT', path: '/api/admin/listings/:id' } as const;
export const acceptListingPrice = {
  name: 'acceptListingPrice',
  method: 'POST',
  path: '/api/admin/listings/:id/accept',
} as const;
export const deleteListing = { name: 'deleteListing', method: 'DELETE', path: '/api/admin/listings/:id' } as const;
export const previewListingPrices = {
  name: 'previewListingPrices',
  method: 'POST',
  path: '/api/admin/listings/prices/preview',
  readLike: true,
} as const;
export const applyListingPrices = {
  name: 'applyListingPrices',
  method: 'POST',
  path: '/api/admin/listings/prices',
} as const;
