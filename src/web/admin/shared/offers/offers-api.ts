/** A product of the seller's store as a global catalogue offer: read, publish or update, withdraw (decision 134). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as marketplaceRoutes from '../../../../shared/routes/marketplace';
import * as companyRoutes from '../../../../shared/routes/company';
import { adminQueryKeys } from '../query-keys';
import type { PublishOfferBody } from '../../../../shared/contracts/marketplace';

const offerKey = (codigo: string) => ['admin', 'marketplace', 'offer', codigo] as const;

/** GET the product's offer state: its variants with their wholesale prices, and whether the store is a supplier. */
export const supplierOfferQuery = (codigo: string) =>
  queryOptions({
    queryKey: offerKey(codigo),
    queryFn: () => call(marketplaceRoutes.getSupplierOffer, { params: { codigo } }),
  });

/** PUT the offer (publish or update); the answer replaces the cached state. */
export function usePublishOffer(codigo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishOfferBody) =>
      call(marketplaceRoutes.publishOffer, { params: { codigo }, body, waitForThrottle: true }),
    onSuccess: (offer) => qc.setQueryData(offerKey(codigo), offer),
  });
}

/** POST withdraw the offer from the global catalogue. */
export function useUnpublishOffer(codigo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(marketplaceRoutes.unpublishOffer, { params: { codigo }, waitForThrottle: true }),
    onSuccess: (offer) => qc.setQueryData(offerKey(codigo), offer),
  });
}

/** PUT "Vender como proveedor" on or off; the answer (the whole company profile) replaces the cache. */
export function useSupplierSwitch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      call(companyRoutes.setSupplierEnabled, { body: { enabled }, waitForThrottle: true }),
    onSuccess: (profile) => {
      qc.setQueryData(adminQueryKeys.companyProfile(), profile);
      void qc.invalidateQueries({ queryKey: ['admin', 'marketplace'] });
    },
  });
}
