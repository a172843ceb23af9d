/**
 * The demo marketplace's rows, written by the demo seed on a fresh database (decision 134): a supplier's offers with
 * their per-variant wholesale prices, and resellers' listings of them. The products and variants they name already
 * exist (the seed creates them through the catalog module); here only the marketplace tables are written, so the demo
 * does not wait on the publish and listing services' checks (supplier flag, floors), which the seed respects itself.
 * Money is integer centavos MXN.
 */
import { catalogOfferVariants, catalogOffers, listingVariants, listings } from '../../db/schema/marketplace.js';
import type { StoreDbContext } from '../../lib/context.js';

/** One product a supplier publishes: its suggested retail price and lead time, and each offered variant's price. */
export interface DemoOffer {
  productId: string;
  suggestedRetailCents: number;
  leadTimeDaysMin: number;
  leadTimeDaysMax: number;
  variants: { variantId: string; wholesaleCents: number }[];
}

/**
 * Publishes `offers` of the supplier store `ctx.storeId` (status published). Answers the offer id by product id.
 * A product already published keeps its offer (re-seeding is a no-op). Throws RangeError for a non-positive or
 * non-integer wholesale price or an offer without variants.
 */
export async function insertDemoOffers(ctx: StoreDbContext, offers: DemoOffer[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const o of offers) {
    if (!o.variants.length) throw new RangeError(`Offer without variants: ${o.productId}`);
    for (const v of o.variants)
      if (!Number.isSafeInteger(v.wholesaleCents) || v.wholesaleCents <= 0)
        throw new RangeError(`Bad wholesale price: ${v.wholesaleCents}`);
  }
  await ctx.db.transaction(async (tx) => {
    for (const o of offers) {
      const [row] = await tx
        .insert(catalogOffers)
        .values({
          storeId: ctx.storeId,
          productId: o.productId,
          suggestedRetailCents: o.suggestedRetailCents,
          leadTimeDaysMin: o.leadTimeDaysMin,
          leadTimeDaysMax: o.leadTimeDaysMax,
          wholesaleFromCents: Math.min(...o.variants.map((v) => v.wholesaleCents)),
        })
        .onConflictDoNothing({ target: catalogOffers.productId })
        .returning({ id: catalogOffers.id });
      if (!row) continue;
      ids.set(o.productId, row.id);
      await tx
        .insert(catalogOfferVariants)
        .values(
          o.variants.map((v) => ({
            storeId: ctx.storeId,
            offerId: row.id,
            variantId: v.variantId,
            wholesaleCents: v.wholesaleCents,
          })),
        )
        .onConflictDoNothing({ target: catalogOfferVariants.variantId });
    }
  });
  return ids;
}

/** A reseller's listing: its product copy in the reseller's store and the supplier variant each copy variant sells. */
export interface DemoListing {
  offerId: string;
  supplierStoreId: string;
  /** The copy: a product of the reseller's store. */
  productId: string;
  titleOverride?: string | null;
  descriptionOverride?: string | null;
  variants: { variantId: string; sourceVariantId: string; acceptedWholesaleCents: number }[];
}

/**
 * Creates the active listings of the reseller store `ctx.storeId`. A listing of an offer the store already lists is
 * skipped (re-seeding is a no-op). Answers how many were created.
 */
export async function insertDemoListings(ctx: StoreDbContext, items: DemoListing[]): Promise<number> {
  let created = 0;
  await ctx.db.transaction(async (tx) => {
    for (const l of items) {
      const [row] = await tx
        .insert(listings)
        .values({
          storeId: ctx.storeId,
          offerId: l.offerId,
          supplierStoreId: l.supplierStoreId,
          productId: l.productId,
          state: 'active',
          titleOverride: l.titleOverride ?? null,
          descriptionOverride: l.descriptionOverride ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: listings.id });
      if (!row) continue;
      created++;
      await tx.insert(listingVariants).values(
        l.variants.map((v) => ({
          storeId: ctx.storeId,
          listingId: row.id,
          variantId: v.variantId,
          sourceVariantId: v.sourceVariantId,
          acceptedWholesaleCents: v.acceptedWholesaleCents,
        })),
      );
    }
  });
  return created;
}
