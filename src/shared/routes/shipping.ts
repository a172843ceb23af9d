/** Routes of the shipping module: rates, the seller's pickup settings and the pickup branch. Schemas in shipping.ops.ts. */
export const quoteShipping = {
  name: 'quoteShipping',
  method: 'POST',
  path: '/api/reseller/packaging/rate-service',
  readLike: true,
} as const;
export const getPickupSettings = { name: 'getPickupSettings', method: 'GET', path: '/api/admin/pickups' } as const;
export const savePickupSettings = { name: 'savePickupSettings', method: 'PUT', path: '/api/admin/pickups' } as const;
export const pickupBranch = { name: 'pickupBranch', method: 'GET', path: '/api/reseller/pickup-branch' } as const;
