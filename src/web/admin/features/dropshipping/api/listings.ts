/**
 * The reseller's listings (/admin/dropshiping): GET /api/admin/listings[/:id], the offer a listing starts from, create,
 * edit, accept the supplier's price, remove, and the bulk pricing rule (preview and apply).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as listingsRoutes from '../../../../../shared/routes/listings';
import type {
  BulkPriceBody,
  CreateListingBody,
  ListingDisplayState,
  UpdateListingBody,
} from '../../../../../shared/contracts/listings';

const KEY = ['admin', 'listings'] as const;

/** The store's listings of one shown state (all when none); live stock, so fetched again when shown. */
export const listingsQuery = (state: ListingDisplayState | null) =>
  queryOptions({
    queryKey: [...KEY, 'list', state ?? 'all'],
    queryFn: () => call(listingsRoutes.listListings, { query: state ? { state } : {} }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** A published offer as the creation page needs it. */
export const listingOfferQuery = (offerId: string) =>
  queryOptions({
    queryKey: [...KEY, 'offer', offerId],
    queryFn: () => call(listingsRoutes.getListingOffer, { params: { offerId } }),
    staleTime: 0,
  });

/** Lists an offer in the store; the list refreshes. */
export function useCreateListing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListingBody) => call(listingsRoutes.createListing, { body, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Changes a listing's prices, texts and department; the list refreshes. */
export function useUpdateListing(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateListingBody) =>
      call(listingsRoutes.updateListing, { params: { id }, body, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Accepts the supplier's current wholesale prices of a listing. */
export function useAcceptListingPrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(listingsRoutes.acceptListingPrice, { params: { id }, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Removes a listing (its product is archived when it has sold). */
export function useDeleteListing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(listingsRoutes.deleteListing, { params: { id }, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** The bulk rule: `preview` reports what it would do; otherwise it prices and the list refreshes. */
export function useBulkPrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, preview }: { body: BulkPriceBody; preview: boolean }) =>
      call(preview ? listingsRoutes.previewListingPrices : listingsRoutes.applyListingPrices, {
        body,
        waitForThrottle: true,
      }),
    onSuccess: (_r, v) => (v.preview ? undefined : qc.invalidateQueries({ queryKey: KEY })),
  });
}
