/**
 * A reseller's listings as /admin/dropshiping shows them (decision 134): the reseller's own product and prices, the
 * supplier's wholesale prices, live stock and name, the floors and margins at the store's fee rate; and a published
 * offer as the creation page starts from it. Every listing query is scoped by ctx.storeId: another store (a supplier
 * included) never reads a reseller's prices or margins here.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listingVariants, listings } from '../../db/schema/marketplace.js';
import type { StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { listingFloorCents } from '../../../shared/money.js';
import {
  listingMarginCents,
  type Listing,
  type ListingDisplayState,
  type ListingList,
  type ListingOffer,
} from '../../../shared/contracts/listings.js';
import { readCopies, readProductTexts, readSourceProduct, readVariantStocks } from '../catalog/index.js';
import { getStoreSummaries } from '../stores/index.js';
import { storeFeeBps } from '../subscriptions/index.js';

/** The store's listings (all, or those of `ids`), newest first, with everything the screen shows. */
export async function loadListings(ctx: StoreDbContext, ids?: string[]): Promise<{ items: Listing[]; feeBps: number }> {
  const rows = await ctx.db
    .select()
    .from(listings)
    .where(and(eq(listings.storeId, ctx.storeId), ids ? inArray(listings.id, ids) : undefined))
    .orderBy(desc(listings.createdAt), asc(listings.id));
  const feeBps = await storeFeeBps(ctx);
  if (!rows.length) return { items: [], feeBps };
  const listingIds = rows.map((r) => r.id);
  const lvs = await ctx.db
    .select({
      listingId: listingVariants.listingId,
      variantId: listingVariants.variantId,
      sourceVariantId: listingVariants.sourceVariantId,
      accepted: listingVariants.acceptedWholesaleCents,
      wholesale: catalogOfferVariants.wholesaleCents,
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
    .where(and(eq(listingVariants.storeId, ctx.storeId), inArray(listingVariants.listingId, listingIds)));
  const offers = await ctx.db
    .select({ id: catalogOffers.id, productId: catalogOffers.productId })
    .from(catalogOffers)
    .where(inArray(catalogOffers.id, [...new Set(rows.map((r) => r.offerId))]));
  const sourceProductOf = new Map(offers.map((o) => [o.id, o.productId]));
  const [copies, stocks, suppliers, sources] = await Promise.all([
    readCopies(
      ctx,
      rows.map((r) => r.productId),
    ),
    readVariantStocks(
      ctx,
      lvs.map((v) => v.sourceVariantId),
    ),
    getStoreSummaries(ctx, [...new Set(rows.map((r) => r.supplierStoreId))]),
    readProductTexts(
      ctx,
      offers.map((o) => o.productId),
    ),
  ]);
  const productById = new Map(copies.products.map((p) => [p.id, p]));
  const variantById = new Map(copies.variants.map((v) => [v.id, v]));
  const items: Listing[] = [];
  for (const r of rows) {
    const p = productById.get(r.productId);
    if (!p) continue;
    const variants = lvs
      .filter((v) => v.listingId === r.id && variantById.has(v.variantId))
      .map((v) => {
        const own = variantById.get(v.variantId)!;
        const floor = v.wholesale === null ? null : listingFloorCents(v.wholesale, feeBps);
        return {
          sourceVariantId: v.sourceVariantId,
          sku: own.sku,
          options: own.options,
          wholesaleCents: v.wholesale,
          acceptedWholesaleCents: v.accepted,
          floorCents: floor,
          retailCents: own.priceCents,
          marginCents: v.wholesale === null ? null : listingMarginCents(own.priceCents, v.wholesale, feeBps),
          stock: v.wholesale === null ? 0 : (stocks.get(v.sourceVariantId) ?? 0),
          position: copies.variants.indexOf(own),
        };
      })
      .sort((a, b) => a.position - b.position)
      .map(({ position: _position, ...v }) => v);
    const stock = variants.reduce((s, v) => s + v.stock, 0);
    const state = r.state as Listing['state'];
    const displayState: ListingDisplayState = state === 'active' && stock === 0 ? 'out_of_stock' : state;
    const source = sources.get(sourceProductOf.get(r.offerId) ?? '');
    items.push({
      id: r.id,
      offerId: r.offerId,
      productCode: p.codigo,
      name: p.name,
      image: p.imageUrl,
      supplierName: suppliers.get(r.supplierStoreId)?.name ?? '',
      state,
      displayState,
      priceChanged: variants.some((v) => v.wholesaleCents !== null && v.wholesaleCents !== v.acceptedWholesaleCents),
      titleOverride: r.titleOverride,
      descriptionOverride: r.descriptionOverride,
      sourceName: source?.name ?? p.name,
      sourceDescription: source?.description ?? p.description,
      department: p.department,
      category: p.category,
      variants,
      stock,
    });
  }
  return { items, feeBps };
}

/** GET /api/admin/listings: the store's listings, optionally of one shown state. */
export async function listListings(ctx: StoreDbContext, q: { state?: ListingDisplayState }): Promise<ListingList> {
  const all = await loadListings(ctx);
  return { ...all, items: q.state ? all.items.filter((l) => l.displayState === q.state) : all.items };
}

/** One listing of the store. Throws LISTING_NOT_FOUND (404; also for another store's listing). */
export async function getListing(ctx: StoreDbContext, id: string): Promise<Listing> {
  const { items } = await loadListings(ctx, [id]);
  if (!items[0]) throw new AppError('LISTING_NOT_FOUND');
  return items[0];
}

/**
 * A published offer of another store as the creation page shows it: the product's content, each offered variant
 * with its wholesale price, the supplier's stock, the floor at the store's fee rate and the supplier's suggested
 * price. Throws LISTING_OFFER_UNAVAILABLE (404) for an unknown or unpublished offer, LISTING_OWN_OFFER for the store's
 * own.
 */
export async function getListingOffer(ctx: StoreDbContext, offerId: string): Promise<ListingOffer> {
  const [offer] = await ctx.db.select().from(catalogOffers).where(eq(catalogOffers.id, offerId)).limit(1);
  if (!offer || offer.status !== 'published') throw new AppError('LISTING_OFFER_UNAVAILABLE');
  if (offer.storeId === ctx.storeId) throw new AppError('LISTING_OWN_OFFER');
  const source = await readSourceProduct(ctx, offer.productId);
  if (!source || source.archived) throw new AppError('LISTING_OFFER_UNAVAILABLE');
  const offered = await ctx.db
    .select({ variantId: catalogOfferVariants.variantId, wholesale: catalogOfferVariants.wholesaleCents })
    .from(catalogOfferVariants)
    .where(eq(catalogOfferVariants.offerId, offer.id));
  const wholesaleOf = new Map(offered.map((o) => [o.variantId, o.wholesale]));
  const [feeBps, suppliers, [existing]] = await Promise.all([
    storeFeeBps(ctx),
    getStoreSummaries(ctx, [offer.storeId]),
    ctx.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.storeId, ctx.storeId), eq(listings.offerId, offer.id))),
  ]);
  return {
    offerId: offer.id,
    productCode: source.codigo,
    name: source.name,
    shortDescription: source.shortDescription,
    description: source.description,
    image: source.imageUrl,
    supplierName: suppliers.get(offer.storeId)?.name ?? '',
    leadTimeDaysMin: offer.leadTimeDaysMin,
    leadTimeDaysMax: offer.leadTimeDaysMax,
    listingId: existing?.id ?? null,
    feeBps,
    variants: source.variants
      .filter((v) => wholesaleOf.has(v.id))
      .map((v) => ({
        sourceVariantId: v.id,
        sku: v.sku,
        options: v.options,
        wholesaleCents: wholesaleOf.get(v.id)!,
        stock: v.stock,
        floorCents: listingFloorCents(wholesaleOf.get(v.id)!, feeBps),
        suggestedCents: offer.suggestedRetailCents,
      })),
  };
}
