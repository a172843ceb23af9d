/**
 * Keeps resellers' listings in step with the supplier's products (decision 134): content, stock mirrors and states.
 * Set-based: per offered product, one statement copies the content onto every listing's product (only those that
 * differ), one mirrors every variant's stock, options and photo, and the states are recomputed in one read and one
 * write. The database triggers on products and variants then notify each reseller store whose rows changed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listingVariants, listings } from '../../db/schema/marketplace.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type DbContext } from '../../lib/context.js';
import { mirrorCopiesVariants, syncCopiesContent } from '../catalog/index.js';
import { recomputeStates } from './listing-state.js';

/** Brings every listing of the supplier's `productIds` (null: all) up to date. Idempotent. */
export async function syncListings(
  ctx: DbContext,
  supplierStoreId: string,
  productIds: string[] | null,
): Promise<void> {
  if (productIds && !productIds.length) return;
  await runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const offers = await tx
      .select({ id: catalogOffers.id, productId: catalogOffers.productId })
      .from(catalogOffers)
      .where(
        and(
          eq(catalogOffers.storeId, supplierStoreId),
          productIds ? inArray(catalogOffers.productId, productIds) : undefined,
        ),
      );
    if (!offers.length) return;
    const offerIds = offers.map((o) => o.id);
    const rows = await tx
      .select({
        offerId: listings.offerId,
        productId: listings.productId,
        storeId: listings.storeId,
        nameOverride: listings.titleOverride,
        descriptionOverride: listings.descriptionOverride,
      })
      .from(listings)
      .where(inArray(listings.offerId, offerIds));
    if (!rows.length) return;
    for (const offer of offers) {
      const copies = rows.filter((r) => r.offerId === offer.id);
      if (copies.length) await syncCopiesContent(c, offer.productId, copies);
    }
    const pairs = await tx
      .select({
        variantId: listingVariants.variantId,
        storeId: listingVariants.storeId,
        sourceVariantId: listingVariants.sourceVariantId,
        offered: catalogOfferVariants.id,
      })
      .from(listingVariants)
      .innerJoin(listings, eq(listings.id, listingVariants.listingId))
      .leftJoin(
        catalogOfferVariants,
        and(
          eq(catalogOfferVariants.variantId, listingVariants.sourceVariantId),
          eq(catalogOfferVariants.offerId, listings.offerId),
        ),
      )
      .where(inArray(listings.offerId, offerIds));
    await mirrorCopiesVariants(
      c,
      pairs.map((p) => ({ ...p, offered: p.offered !== null })),
    );
    await recomputeStates(c, { offerIds });
  });
}
