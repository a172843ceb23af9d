/** Public interface of the coupons module. */
export {
  listCoupons,
  createCoupon,
  updateCoupon,
  priceCoupon,
  redeemCoupon,
  releaseCouponUse,
  couponDiscountCents,
  type PricedCoupon,
} from './coupons.service.js';
