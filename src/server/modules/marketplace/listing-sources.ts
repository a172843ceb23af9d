/**
 * What the checkout needs to sell a listing (decisions 134, 135): for each of the reseller's variants that is a
 * listing's, the supplier's store and variant (whose stock the order takes), the wholesale price now, and whether it
 * may be sold at all (the listing active and the offer published with this variant offered).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listingVariants, listings } from '../../db/schema/marketplace.js';
import type { StoreDbContext } from '../../lib/context.js';

/** A listing's variant as the checkout sells it. Centavos. */
export interface ListingSource {
  /** The reseller's variant. */
  variantId: string;
  supplierStoreId: string;
  /** The supplier's variant: the stock the order holds. */
  sourceVariantId: string;
  /** The supplier's wholesale price now; null when the variant is no longer offered. */
  wholesaleCents: number | null;
  /** The listing is active, its offer published and this variant offered. */
  sellable: boolean;
}

/**
 * The listing sources of the store's variants `variantIds`, by reseller variant id; variants that are the store's own
 * are absent. Reads only the asking store's listings.
 */
export async function listingSources(ctx: StoreDbContext, variantIds: string[]): Promise<Map<string, ListingSource>> {
  const { db, storeId } = ctx;
  if (!variantIds.length) return new Map();
  const rows = await db
    .select({
      variantId: listingVariants.variantId,
      supplierStoreId: listings.supplierStoreId,
      sourceVariantId: listingVariants.sourceVariantId,
      state: listings.state,
      offerStatus: catalogOffers.status,
      wholesaleCents: catalogOfferVariants.wholesaleCents,
    })
    .from(listingVariants)
    .innerJoin(listings, and(eq(listings.id, listingVariants.listingId), eq(listings.storeId, listingVariants.storeId)))
    .innerJoin(catalogOffers, eq(catalogOffers.id, listings.offerId))
    .leftJoin(
      catalogOfferVariants,
      and(
        eq(catalogOfferVariants.offerId, catalogOffers.id),
        eq(catalogOfferVariants.variantId, listingVariants.sourceVariantId),
      ),
    )
    .where(and(eq(listingVariants.storeId, storeId), inArray(listingVariants.variantId, variantIds)));
  return new Map(
    rows.map((r) => [
      r.variantId,
      {
        variantId: r.variantId,
        supplierStoreId: r.supplierStoreId,
        sourceVariantId: r.sourceVariantId,
        wholesaleCents: r.wholesaleCents ?? null,
        sellable: r.state === 'active' && r.offerStatus === 'published' && r.wholesaleCents != null,
      },
    ]),
  );
}
