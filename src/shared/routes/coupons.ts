/** Routes of the seller's coupons (money permission); schemas in coupons.ops.ts. */
export const listCoupons = { name: 'listCoupons', method: 'GET', path: '/api/admin/coupons' } as const;
export const createCoupon = { name: 'createCoupon', method: 'POST', path: '/api/admin/coupons' } as const;
export const updateCoupon = { name: 'updateCoupon', method: 'PUT', path: '/api/admin/coupons/:id' } as const;
