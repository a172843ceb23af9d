/**
 * The global catalogue as a reseller searches it (decisions 134, 137, 140): answered by this instance's in-memory
 * index of every published offer, or by PostgreSQL while that index is not ready, the change feed is down, or
 * SEARCH_ENGINE is `postgres`; both engines mean the same. Then marks the offers the asking store already lists
 * (remembered per instance, listed-offers.ts).
 * Only decision 134's fields leave this module.
 */
import type { StoreContext } from '../../lib/context.js';
import {
  globalCatalogQuery,
  type GlobalCatalogPage,
  type GlobalCatalogQuery,
} from '../../../shared/contracts/marketplace.js';
import { searchOffersWithPostgres } from './global-catalog-sql.js';
import { searchOfferIndex } from './offer-index-query.js';
import type { OfferIndexes } from './offer-indexes.js';
import { readListedOffers, type ListedOffers } from './listed-offers.js';
import { storesBadges } from '../company/index.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;

/**
 * Which engine answers: the instance's offer index (when it can) or PostgreSQL always; `listed` is the instance's
 * memory of which offers each store lists.
 */
export interface GlobalCatalogEngines {
  offers: OfferIndexes;
  listed: ListedOffers;
  engine: 'index' | 'postgres';
}

/**
 * One page of the global catalogue for the asking store `ctx.storeId` (never its own offers). `input` is validated
 * by the route; throws only database errors. Without `engines`, PostgreSQL answers.
 */
export async function searchGlobalCatalog(
  ctx: Ctx,
  input: GlobalCatalogQuery,
  engines?: GlobalCatalogEngines,
): Promise<GlobalCatalogPage> {
  const q = globalCatalogQuery.parse(input);
  const index = engines?.engine === 'index' ? await engines.offers.current() : null;
  const page = index ? searchOfferIndex(index, ctx.storeId, q) : await searchOffersWithPostgres(ctx, q);
  const ids = page.items.map((i) => i.offerId);
  const listed = engines ? await engines.listed.among(ctx, ids) : await readListedOffers(ctx, ids);
  // Each supplier's badges (decision 165) on its card: read per page, so a lapse shows at once.
  const badges = await storesBadges(ctx, [...new Set(page.items.map((i) => i.supplier.storeId))]);
  return {
    ...page,
    items: page.items.map((i) => ({
      ...i,
      supplier: { ...i.supplier, badges: badges.get(i.supplier.storeId) ?? [] },
      listed: listed.has(i.offerId),
    })),
  };
}
