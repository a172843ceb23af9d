/** The seller's coupons: GET/POST /api/admin/coupons, PUT /api/admin/coupons/:id. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Coupon, CouponInput } from '../../../../../shared/contracts/coupons';

const KEY = ['admin', 'coupons'] as const;

/**
 * The store's coupons. Their use counts change when shoppers pay, not when the seller acts, so the list is fetched
 * again each time it is shown, when the seller comes back to the tab, and every minute while it is on screen (the
 * app's default keeps answers 30 s and ignores focus).
 */
export const couponsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: () => api.get<{ coupons: Coupon[] }>('/api/admin/coupons'),
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
        ? api.put<Coupon>(`/api/admin/coupons/${encodeURIComponent(id)}`, input, { waitForThrottle: true })
        : api.post<Coupon>('/api/admin/coupons', input, { waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
