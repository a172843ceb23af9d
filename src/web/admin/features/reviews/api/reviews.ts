/**
 * The store's reviews (decision 157): GET /api/admin/reviews (one product's with `codigo`), show or hide, the public
 * answer, and setting a product report aside.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as r from '../../../../../shared/routes/reviews';

const KEY = ['admin', 'reviews'] as const;

/** The store's reviews, pending reports first; of product `codigo` when given. */
export const storeReviewsQuery = (codigo?: string) =>
  queryOptions({
    queryKey: [...KEY, codigo ?? ''],
    queryFn: () => call(r.listStoreReviews, { query: codigo ? { codigo } : {} }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Shows or hides a review; the lists refresh. */
export function useSetReviewVisibility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, visible }: { id: string; visible: boolean }) =>
      call(r.setReviewVisibility, { params: { id }, body: { visible }, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Answers a review publicly (once). */
export function useAnswerReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) =>
      call(r.answerReview, { params: { id }, body: { answer }, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Sets a product report aside. */
export function useDismissProductReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(r.dismissProductReport, { params: { id }, body: {}, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
