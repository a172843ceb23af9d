/**
 * The buyer's side of reviews (decision 157): their review of a product and whether they may write one, writing,
 * editing and deleting, photo uploads, and shoppers' reports of a review or a product.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as r from '../../../../shared/routes/reviews';
import type { ReportBody, ReviewBody } from '../../../../shared/contracts/reviews';

const KEY = ['storefront', 'reviews'] as const;

/** The signed-in buyer's review of product `codigo`, and whether they may write one. */
export const myProductReviewQuery = (codigo: string, signedIn: boolean) =>
  queryOptions({
    queryKey: [...KEY, 'product', codigo],
    queryFn: () => call(r.getMyProductReview, { params: { codigo } }),
    enabled: signedIn && Boolean(codigo),
    staleTime: 0,
  });

/** The buyer's reviews (/reviews), fetched again when shown (the job publishes them meanwhile). */
export const myReviewsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'mine'],
    queryFn: () => call(r.listMyReviews),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Uploads one photo for a review. */
export function uploadReviewPhoto(file: File) {
  const body = new FormData();
  body.append('file', file);
  return call(r.uploadReviewPhoto, { body, waitForThrottle: true });
}

/** Writes the buyer's review of `codigo`; their review and list refresh. */
export function useWriteReview(codigo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => call(r.writeReview, { params: { codigo }, body, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Edits one of the buyer's reviews (pending again). */
export function useEditReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReviewBody }) =>
      call(r.editMyReview, { params: { id }, body, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Deletes one of the buyer's reviews. */
export function useDeleteReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(r.deleteMyReview, { params: { id }, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Reports a review (`reviewId`) or the product `codigo` to the store. */
export function useReport() {
  return useMutation({
    mutationFn: ({ target, body }: { target: { reviewId: string } | { codigo: string }; body: ReportBody }) =>
      'reviewId' in target
        ? call(r.reportReview, { params: { id: target.reviewId }, body, waitForThrottle: true })
        : call(r.reportProduct, { params: { codigo: target.codigo }, body, waitForThrottle: true }),
  });
}
