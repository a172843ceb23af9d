/** The coupons module's operations: the seller's coupon list. */
import { z } from 'zod';
import { coupon, couponInput, couponList } from '../contracts/coupons.js';
import { uuid } from '../contracts/common.js';
import { defineOps } from './op.js';
import * as routes from './coupons.js';

export const couponsOps = defineOps(routes, {
  listCoupons: { tags: ['admin'], summary: 'The store’s coupons', response: { 200: couponList } },
  createCoupon: { tags: ['admin'], summary: 'Create a coupon', body: couponInput, response: { 201: coupon } },
  updateCoupon: {
    tags: ['admin'],
    summary: 'Change a coupon (its uses stay)',
    params: z.object({ id: uuid }),
    body: couponInput,
    response: { 200: coupon },
  },
});
