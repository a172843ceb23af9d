/**
 * Does the applied coupon take something off this cart? (POST /api/cart/coupon.) Nothing is reserved: the
 * use is taken when the order is placed. Shared by the cart and the payment page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as checkoutRoutes from '../../../../shared/routes/checkout';
import { queryKeys } from '../../../lib/query-keys';
import { useShop } from '../../../state/shop-store';
import { cartLines, type CartLineInput } from './get-cart-quote';

export const couponCheckQuery = (code: string, items: CartLineInput[]) =>
  queryOptions({
    queryKey: queryKeys.couponCheck(code, items),
    queryFn: () =>
      call(checkoutRoutes.checkCoupon, { body: { code, items }, redirectOn404: false, waitForThrottle: true }),
    enabled: items.length > 0 && code.length > 0,
    staleTime: 10_000,
    retry: false,
  });

/** The check of the shop's applied coupon against the current cart; idle when no coupon is applied. */
export function useCouponCheck() {
  const cart = useShop((s) => s.cart);
  const coupon = useShop((s) => s.coupon);
  return useQuery(couponCheckQuery(coupon ?? '', cartLines(cart)));
}
