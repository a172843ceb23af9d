/** The global catalogue as the reseller searches it, and one offer in detail (decision 134). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as marketplaceRoutes from '../../../../shared/routes/marketplace';
import type { GlobalCatalogQuery } from '../../../../shared/contracts/marketplace';

/** GET one page of results with facets; the previous page stays on screen while the next loads. */
export const globalCatalogQuery = (query: GlobalCatalogQuery) =>
  queryOptions({
    queryKey: ['admin', 'marketplace', 'global-catalog', query] as const,
    queryFn: () => call(marketplaceRoutes.searchGlobalCatalog, { query }),
    placeholderData: keepPreviousData,
  });

/** GET one published offer: content, offered variants, supplier card. */
export const globalOfferQuery = (offerId: string) =>
  queryOptions({
    queryKey: ['admin', 'marketplace', 'global-offer', offerId] as const,
    queryFn: () => call(marketplaceRoutes.getGlobalOffer, { params: { offerId } }),
  });
