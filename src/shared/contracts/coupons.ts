/**
 * Coupons: a seller's percentage or fixed discount
 * on the products of an order (never on shipping), with dates, a use limit and a minimum purchase. Money in centavos;
 * dates are days (YYYY-MM-DD) in the store's time zone, both inclusive.
 */
import { z } from 'zod';
import { cents, text, uuid } from './common.js';
import { cartLineInput } from './checkout.js';
import { MAX_CART_LINES } from '../limits.js';

/** What a buyer types: 3-30 letters, digits, "-" or "_", compared upper-case. */
export const couponCode = text({ min: 3, max: 30 })
  .toUpperCase()
  .regex(/^[A-Z0-9_-]+$/, { message: 'i18n:coupon_code_format' });

const day = z.string().date();

export const couponInput = z
  .object({
    code: couponCode,
    kind: z.enum(['percent', 'fixed']),
    /** percent: 1-100; fixed: centavos (at most 1,000,000 pesos). */
    value: z.number().int().min(1).max(100_000_000),
    minPurchaseCents: cents.max(100_000_000).default(0),
    startsOn: day.nullable().default(null),
    endsOn: day.nullable().default(null),
    maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'i18n:coupon_percent_max' });
    if (c.startsOn && c.endsOn && c.endsOn < c.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'i18n:coupon_ends_before_start' });
  });
export type CouponInput = z.infer<typeof couponInput>;
export type CouponFormValues = z.input<typeof couponInput>;

export const coupon = z.object({
  id: uuid,
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  minPurchaseCents: cents,
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  /** Orders holding a use now. */
  usesCount: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;
export const couponList = z.object({ coupons: z.array(coupon) });

/** POST /api/cart/coupon: would this code apply to this cart now? Nothing is reserved until the order is placed. */
export const couponCheckBody = z.object({
  code: text({ min: 1, max: 30 }),
  items: z.array(cartLineInput).min(1).max(MAX_CART_LINES),
});
export const couponCheckResponse = z.object({
  code: z.string(),
  /** Centavos off the products of this cart. */
  discountCents: cents,
  itemsCents: cents,
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponse>;
