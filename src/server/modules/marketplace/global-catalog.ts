/**
 * The global catalogue as a reseller searches it (decisions 134, 137, 140): answered by this instance's in-memory
 * index of every published offer, or by PostgreSQL while that index is not ready, the change feed is down, or
 * SEARCH_ENGINE is `postgres`; both engines mean the same. Then marks the offers the asking store already lists.
 * Only decision 134's fields leave this module.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { listings } from '../../db/schema/marketplace.js';
import type { StoreContext } from '../../lib/context.js';
import {
  globalCatalogQuery,
  type GlobalCatalogPage,
  type GlobalCatalogQuery,
} from '../../../shared/contracts/marketplace.js';
import { searchOffersWithPostgres } from './global-catalog-sql.js';
import { searchOfferIndex } from './offer-index-query.js';
import type { OfferIndexes } from './offer-indexes.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;

/** Which engine answers: the instance's offer index (when it can) or PostgreSQL always. */
export interface GlobalCatalogEngines {
  offers: OfferIndexes;
  engine: 'index' | 'postgres';
}

async function listedOffers(ctx: Ctx, offerIds: string[]): Promise<Set<string>> {
  if (!offerIds.length) return new Set();
  const rows = await ctx.db
    .select({ offerId: listings.offerId })
    .from(listings)
    .where(and(eq(listings.storeId, ctx.storeId), inArray(listings.offerId, offerIds)));
  return new Set(rows.map((r) => r.offerId));
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
  const listed = await listedOffers(
    ctx,
    page.items.map((i) => i.offerId),
  );
  return { ...page, items: page.items.map((i) => ({ ...i, listed: listed.has(i.offerId) })) };
}
