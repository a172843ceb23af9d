/**
 * Creating a listing (decision 134): a reseller lists a supplier's published offer at its own retail prices. One
 * transaction copies the supplier's product into the reseller's store (catalog's `insertProductCopy`) and writes the
 * listing and its variants; the store's row is locked first, so parallel identical requests run one after the other
 * and all but the first find the listing and answer 409 LISTING_EXISTS with nothing written.
 */
import { and, eq } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listingVariants, listings } from '../../db/schema/marketplace.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import { formatMoney, listingFloorCents } from '../../../shared/money.js';
import type { FieldError } from '../../../shared/errors.js';
import type { CreateListingBody, Listing } from '../../../shared/contracts/listings.js';
import { insertProductCopy, readSourceProduct } from '../catalog/index.js';
import { assertCompanyProfileComplete } from '../company/index.js';
import { lockStoreRow } from '../stores/index.js';
import { storeFeeBps } from '../subscriptions/index.js';
import { getListing } from './listing-read.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId' | 'locale'>;

/**
 * Checks that `prices` name each of `offered` exactly once (LISTING_VARIANTS_INVALID, 422) and that each is at least
 * its floor at the store's fee rate (LISTING_PRICE_BELOW_FLOOR, 422: the first one's SKU and floor in pesos, and a
 * field error per variant under its floor).
 */
export function assertListingPrices(
  ctx: Pick<StoreContext, 'locale'>,
  prices: { sourceVariantId: string; retailCents: number }[],
  offered: { variantId: string; sku: string; wholesaleCents: number | null }[],
  feeBps: number,
): void {
  const byId = new Map(offered.map((o) => [o.variantId, o]));
  const named = new Set(prices.map((p) => p.sourceVariantId));
  if (
    named.size !== prices.length ||
    prices.some((p) => !byId.has(p.sourceVariantId)) ||
    offered.some((o) => !named.has(o.variantId))
  )
    throw new AppError('LISTING_VARIANTS_INVALID');
  const t = translator(ctx.locale);
  const low: FieldError[] = [];
  let first: { sku: string; floor: string } | null = null;
  prices.forEach((p, i) => {
    const o = byId.get(p.sourceVariantId)!;
    if (o.wholesaleCents === null) return;
    const floor = listingFloorCents(o.wholesaleCents, feeBps);
    if (p.retailCents >= floor) return;
    const params = { sku: o.sku, floor: formatMoney(floor, ctx.locale), floorCents: floor };
    first ??= params;
    low.push({
      path: `variants.${i}.retailCents`,
      code: 'listing_below_floor',
      message: t('errors:fields.listing_below_floor', params),
      params,
    });
  });
  if (first) throw new AppError('LISTING_PRICE_BELOW_FLOOR', first, low);
}

/**
 * POST /api/admin/listings. Throws LISTING_OFFER_UNAVAILABLE (404: unknown, unpublished or its product archived),
 * LISTING_OWN_OFFER (422), LISTING_EXISTS (409), LISTING_VARIANTS_INVALID (422), LISTING_PRICE_BELOW_FLOOR (422),
 * COMPANY_PROFILE_INCOMPLETE (422, decision 115: a listing is a product of the store).
 */
export async function createListing(ctx: Ctx, body: CreateListingBody): Promise<Listing> {
  await assertCompanyProfileComplete(ctx);
  const id = await runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    await lockStoreRow(c);
    const [offer] = await tx.select().from(catalogOffers).where(eq(catalogOffers.id, body.offerId)).limit(1);
    if (!offer || offer.status !== 'published') throw new AppError('LISTING_OFFER_UNAVAILABLE');
    if (offer.storeId === ctx.storeId) throw new AppError('LISTING_OWN_OFFER');
    const [existing] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.storeId, ctx.storeId), eq(listings.offerId, offer.id)));
    if (existing) throw new AppError('LISTING_EXISTS', { listingId: existing.id });
    const source = await readSourceProduct(c, offer.productId);
    if (!source || source.archived) throw new AppError('LISTING_OFFER_UNAVAILABLE');
    const offeredRows = await tx
      .select({ variantId: catalogOfferVariants.variantId, wholesaleCents: catalogOfferVariants.wholesaleCents })
      .from(catalogOfferVariants)
      .where(eq(catalogOfferVariants.offerId, offer.id));
    const skuOf = new Map(source.variants.map((v) => [v.id, v.sku]));
    const offered = offeredRows
      .filter((o) => skuOf.has(o.variantId))
      .map((o) => ({ ...o, sku: skuOf.get(o.variantId)! }));
    assertListingPrices(ctx, body.variants, offered, await storeFeeBps(c));
    const wholesaleOf = new Map(offered.map((o) => [o.variantId, o.wholesaleCents]));
    // The supplier's variant order, whatever order the prices came in.
    const order = new Map(source.variants.map((v, i) => [v.id, i]));
    const prices = [...body.variants].sort((a, b) => order.get(a.sourceVariantId)! - order.get(b.sourceVariantId)!);
    const copy = await insertProductCopy(c, {
      sourceId: source.id,
      name: body.titleOverride ?? source.name,
      description: body.descriptionOverride ?? source.description,
      taxonomy: body.taxonomy,
      variants: prices.map((p) => ({ sourceVariantId: p.sourceVariantId, priceCents: p.retailCents })),
    });
    const [row] = await tx
      .insert(listings)
      .values({
        storeId: ctx.storeId,
        offerId: offer.id,
        supplierStoreId: offer.storeId,
        productId: copy.productId,
        state: 'active',
        titleOverride: body.titleOverride,
        descriptionOverride: body.descriptionOverride,
      })
      .onConflictDoNothing({ target: [listings.storeId, listings.offerId] })
      .returning({ id: listings.id });
    // Only reachable where the store lock did not serialise the requests: the transaction rolls back whole.
    if (!row) throw new AppError('LISTING_EXISTS');
    await tx.insert(listingVariants).values(
      prices.map((p, i) => ({
        storeId: ctx.storeId,
        listingId: row.id,
        variantId: copy.variantIds[i],
        sourceVariantId: p.sourceVariantId,
        acceptedWholesaleCents: wholesaleOf.get(p.sourceVariantId)!,
      })),
    );
    return row.id;
  });
  return getListing(ctx, id);
}
