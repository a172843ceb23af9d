/**
 * Changing a listing (decision 134): its retail prices (never under the floor), the reseller's own title and
 * description, its department; accepting the supplier's new wholesale prices; removing it. Every query is scoped by
 * ctx.storeId (another store's listing is LISTING_NOT_FOUND). The listing's row is locked first, then the catalogue's.
 */
import { and, eq, sql } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listingVariants, listings } from '../../db/schema/marketplace.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type StoreContext, type StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import type { Listing, UpdateListingBody } from '../../../shared/contracts/listings.js';
import {
  readVariantPrices,
  removeProductCopy,
  setProductTaxonomy,
  setVariantPrices,
  syncCopiesContent,
} from '../catalog/index.js';
import { storeFeeBps } from '../subscriptions/index.js';
import { assertListingPrices } from './listing-create.js';
import { getListing } from './listing-read.js';
import { recomputeStates } from './listing-state.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId' | 'locale'>;

/** The store's listing, locked, with its offer's product; LISTING_NOT_FOUND otherwise. */
async function lockListing(ctx: StoreDbContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(listings)
    .where(and(eq(listings.storeId, ctx.storeId), eq(listings.id, id)))
    .for('update');
  if (!row) throw new AppError('LISTING_NOT_FOUND');
  const [offer] = await ctx.db
    .select({ productId: catalogOffers.productId })
    .from(catalogOffers)
    .where(eq(catalogOffers.id, row.offerId));
  return { ...row, sourceProductId: offer.productId };
}

/** The listing's variants with the supplier's wholesale price now (null: no longer offered). */
async function listingVariantRows(ctx: StoreDbContext, listingId: string, offerId: string) {
  return ctx.db
    .select({
      variantId: listingVariants.variantId,
      sourceVariantId: listingVariants.sourceVariantId,
      accepted: listingVariants.acceptedWholesaleCents,
      wholesaleCents: catalogOfferVariants.wholesaleCents,
    })
    .from(listingVariants)
    .leftJoin(
      catalogOfferVariants,
      and(
        eq(catalogOfferVariants.variantId, listingVariants.sourceVariantId),
        eq(catalogOfferVariants.offerId, offerId),
      ),
    )
    .where(and(eq(listingVariants.storeId, ctx.storeId), eq(listingVariants.listingId, listingId)));
}

/**
 * PUT /api/admin/listings/:id: sets every variant's retail price (each at least its floor at the current wholesale
 * price), the overrides (null shows the supplier's text) and the department; the state follows (a listing in review
 * repriced at or above its floors is active again). Throws LISTING_NOT_FOUND, LISTING_VARIANTS_INVALID,
 * LISTING_PRICE_BELOW_FLOOR.
 */
export async function updateListing(ctx: Ctx, id: string, body: UpdateListingBody): Promise<Listing> {
  const skuOf = new Map((await getListing(ctx, id)).variants.map((v) => [v.sourceVariantId, v.sku]));
  await runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const l = await lockListing(c, id);
    const vs = await listingVariantRows(c, l.id, l.offerId);
    assertListingPrices(
      ctx,
      body.variants,
      vs.map((v) => ({ ...v, variantId: v.sourceVariantId, sku: skuOf.get(v.sourceVariantId) ?? '' })),
      await storeFeeBps(c),
    );
    const own = new Map(vs.map((v) => [v.sourceVariantId, v.variantId]));
    await setVariantPrices(
      c,
      body.variants.map((p) => ({ variantId: own.get(p.sourceVariantId)!, priceCents: p.retailCents })),
    );
    await tx
      .update(listings)
      .set({ titleOverride: body.titleOverride, descriptionOverride: body.descriptionOverride, updatedAt: new Date() })
      .where(and(eq(listings.storeId, ctx.storeId), eq(listings.id, l.id)));
    await syncCopiesContent(c, l.sourceProductId, [
      {
        productId: l.productId,
        storeId: ctx.storeId,
        nameOverride: body.titleOverride,
        descriptionOverride: body.descriptionOverride,
      },
    ]);
    await setProductTaxonomy(c, l.productId, body.taxonomy);
    await recomputeStates(c, { listingIds: [l.id] });
  });
  return getListing(ctx, id);
}

/**
 * POST /api/admin/listings/:id/accept: the supplier's current wholesale prices become the accepted ones, and the
 * listing is active again. Refused with LISTING_PRICE_BELOW_FLOOR (nothing changed) while a retail price is under its
 * floor at the new wholesale price: the reseller reprices first (decision 139). LISTING_NOT_FOUND.
 */
export async function acceptListingPrice(ctx: Ctx, id: string): Promise<Listing> {
  const current = await getListing(ctx, id);
  await runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const l = await lockListing(c, id);
    const vs = await listingVariantRows(c, l.id, l.offerId);
    const retail = await readVariantPrices(
      c,
      vs.map((v) => v.variantId),
    );
    const skuOf = new Map(current.variants.map((v) => [v.sourceVariantId, v.sku]));
    assertListingPrices(
      ctx,
      vs.map((v) => ({ sourceVariantId: v.sourceVariantId, retailCents: retail.get(v.variantId) ?? 0 })),
      vs.map((v) => ({ ...v, variantId: v.sourceVariantId, sku: skuOf.get(v.sourceVariantId) ?? '' })),
      await storeFeeBps(c),
    );
    await tx.execute(sql`
      update listing_variants lv set accepted_wholesale_cents = cov.wholesale_cents
      from catalog_offer_variants cov
      where lv.listing_id = ${l.id} and lv.store_id = ${ctx.storeId}
        and cov.variant_id = lv.source_variant_id and cov.offer_id = ${l.offerId}
        and lv.accepted_wholesale_cents <> cov.wholesale_cents`);
    await recomputeStates(c, { listingIds: [l.id] });
  });
  return getListing(ctx, id);
}

/**
 * DELETE /api/admin/listings/:id: the listing goes; its product is deleted when it never sold, else archived with no
 * stock (catalog's `removeProductCopy`), so past orders keep their product. LISTING_NOT_FOUND.
 */
export async function deleteListing(ctx: Ctx, id: string): Promise<{ ok: true; archived: boolean }> {
  return runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const l = await lockListing(c, id);
    await tx.delete(listings).where(and(eq(listings.storeId, ctx.storeId), eq(listings.id, l.id)));
    const done = await removeProductCopy(c, l.productId);
    return { ok: true as const, archived: done === 'archived' };
  });
}
