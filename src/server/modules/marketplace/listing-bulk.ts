/**
 * The bulk pricing rule (decision 139): every chosen listing's retail price becomes wholesale × (1 + percent / 100),
 * rounded up to the next price whose centavos are the chosen ending; a result under the floor is raised to the floor
 * (at the same ending) or the listing is skipped, as the reseller chose, and every listing is reported. Set-based: one
 * read, one price update and one state update, whatever the number of listings.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { catalogOfferVariants, listingVariants, listings } from '../../db/schema/marketplace.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type StoreDbContext } from '../../lib/context.js';
import { listingFloorCents } from '../../../shared/money.js';
import {
  bulkRetailCents,
  MAX_LISTING_PRICE_CENTS,
  roundUpToEnding,
  type BulkPriceBody,
  type BulkPriceResult,
} from '../../../shared/contracts/listings.js';
import { setVariantPrices } from '../catalog/index.js';
import { storeFeeBps } from '../subscriptions/index.js';
import { recomputeStates } from './listing-state.js';

type Outcome = BulkPriceResult['results'][number]['outcome'];

/**
 * Prices the store's listings by the rule (`dryRun`: reports what it would do, writes nothing). A listing is priced
 * whole or not at all: `skipped_floor` when a variant's result is under its floor and the rule skips those,
 * `skipped_too_high` above the catalogue's highest price, `skipped_not_offered` when the supplier no longer offers a
 * variant (its wholesale price is unknown).
 */
export async function priceListings(
  ctx: StoreDbContext,
  body: BulkPriceBody,
  dryRun: boolean,
): Promise<BulkPriceResult> {
  return runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const rows = await tx
      .select({
        listingId: listings.id,
        variantId: listingVariants.variantId,
        wholesale: catalogOfferVariants.wholesaleCents,
      })
      .from(listings)
      .innerJoin(
        listingVariants,
        and(eq(listingVariants.listingId, listings.id), eq(listingVariants.storeId, listings.storeId)),
      )
      .leftJoin(
        catalogOfferVariants,
        and(
          eq(catalogOfferVariants.variantId, listingVariants.sourceVariantId),
          eq(catalogOfferVariants.offerId, listings.offerId),
        ),
      )
      .where(
        and(eq(listings.storeId, ctx.storeId), body.listingIds ? inArray(listings.id, body.listingIds) : undefined),
      )
      .orderBy(listings.createdAt, listings.id);
    const feeBps = await storeFeeBps(c);
    const byListing = new Map<string, typeof rows>();
    for (const r of rows) {
      if (byListing.has(r.listingId)) byListing.get(r.listingId)!.push(r);
      else byListing.set(r.listingId, [r]);
    }
    const updates: { variantId: string; priceCents: number }[] = [];
    const results: { listingId: string; outcome: Outcome }[] = [];
    for (const [listingId, vs] of byListing) {
      let outcome: Outcome = 'priced';
      const prices: { variantId: string; priceCents: number }[] = [];
      for (const v of vs) {
        if (v.wholesale === null) {
          outcome = 'skipped_not_offered';
          break;
        }
        let price = bulkRetailCents(v.wholesale, body.percent, body.endingCents);
        const floor = listingFloorCents(v.wholesale, feeBps);
        if (price < floor) {
          if (body.belowFloor === 'skip') {
            outcome = 'skipped_floor';
            break;
          }
          price = roundUpToEnding(floor, body.endingCents);
          outcome = 'raised';
        }
        if (price > MAX_LISTING_PRICE_CENTS) {
          outcome = 'skipped_too_high';
          break;
        }
        prices.push({ variantId: v.variantId, priceCents: price });
      }
      results.push({ listingId, outcome });
      if (outcome === 'priced' || outcome === 'raised') updates.push(...prices);
    }
    if (!dryRun && updates.length) {
      await setVariantPrices(c, updates);
      await recomputeStates(c, {
        listingIds: results.filter((r) => !r.outcome.startsWith('skipped')).map((r) => r.listingId),
      });
    }
    const count = (f: (o: Outcome) => boolean) => results.filter((r) => f(r.outcome)).length;
    return {
      priced: count((o) => o === 'priced'),
      raised: count((o) => o === 'raised'),
      skipped: count((o) => o.startsWith('skipped')),
      results,
    };
  });
}
