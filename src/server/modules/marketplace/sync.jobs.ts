/**
 * The marketplace's background job (decision 134): a supplier's product changed, so its offers and the listings of
 * them are refreshed. Idempotent: run twice (two instances heard the change) it writes the same rows.
 */
import { defineJob } from '../../jobs/index.js';
import { refreshOffers } from './offer-sync.js';
import { syncListings } from './listing-sync.js';

export const marketplaceSyncJob = defineJob('marketplace-sync', async (p, ctx) => {
  await refreshOffers(ctx, p.supplierStoreId, p.productIds);
  await syncListings(ctx, p.supplierStoreId, p.productIds);
  return { products: p.productIds?.length ?? null };
});
