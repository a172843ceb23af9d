/** The seller's coupons: GET/POST /api/admin/coupons, PUT /api/admin/coupons/:id. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as couponsRoutes from '../../../../../shared/routes/coupons';
import type { CouponInput } from '../../../../../shared/contracts/coupons';

const KEY = ['admin', 'coupons'] as const;

/**
 * The store's coupons. Their use counts change when shoppers pay, not when the seller acts, so the list is fetched
 * again each time it is shown, when the seller comes back to the tab, and every minute while it is on screen (the
 * app's default keeps answers 30 s and ignores focus).
 */
export const couponsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: () => call(couponsRoutes.listCoupons),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  });

/** Creates (no id) or changes (id) a coupon; the list refreshes. Waits for the throttle. */
export function useSaveCoupon(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CouponInput) =>
      id
        ? call(couponsRoutes.updateCoupon, { params: { id }, body: input, waitForThrottle: true })
        : call(couponsRoutes.createCoupon, { body: input, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
