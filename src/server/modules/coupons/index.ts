/** Public interface of the coupons module (issue 8 "Coupons"). */
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
