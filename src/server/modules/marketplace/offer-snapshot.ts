/**
 * The copy of a supplier's product that a catalogue offer keeps (decision 137): what the global catalogue searches
 * and shows, so its search reads `catalog_offers` alone. Written when the offer is published and whenever the product
 * changes (offer-sync.ts). Also the one way an offer is withdrawn (every listing of it stops selling).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listings } from '../../db/schema/marketplace.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import type { OfferSourceProduct } from '../catalog/index.js';
import { getSupplierCards } from '../company/index.js';
import { getStoreById } from '../stores/index.js';

/** The global catalogue's documents are built and queried in Spanish, whatever each supplier's store language. */
export const OFFER_SEARCH_CONFIG = sql.raw(`'spanish'::regconfig`);

/** The name a supplier shows in the global catalogue: its company name, else its store's name. */
export async function supplierNameOf(ctx: StoreDbContext): Promise<string> {
  const card = (await getSupplierCards(ctx, [ctx.storeId])).get(ctx.storeId);
  if (card?.name?.trim()) return card.name.trim();
  return (await getStoreById(ctx))?.name ?? '';
}

/**
 * Rewrites the snapshot columns of offer `offerId` (of the supplier `ctx.storeId`) from `source` and its offered
 * variants' wholesale prices: names, cover, MOQ, the offered variants' stock sum, the lowest wholesale price and the
 * search document. An offer whose product is hidden or archived, or whose offered variants are all gone, is kept but
 * not shown (`available` false).
 */
export async function snapshotOffer(
  ctx: StoreDbContext,
  offerId: string,
  source: OfferSourceProduct,
  supplierName: string,
): Promise<void> {
  const offered = await ctx.db
    .select({ variantId: catalogOfferVariants.variantId, wholesaleCents: catalogOfferVariants.wholesaleCents })
    .from(catalogOfferVariants)
    .where(and(eq(catalogOfferVariants.storeId, ctx.storeId), eq(catalogOfferVariants.offerId, offerId)));
  const prices = new Map(offered.map((o) => [o.variantId, o.wholesaleCents]));
  const variants = source.variants.filter((v) => prices.has(v.id));
  const wholesale = variants.map((v) => prices.get(v.id)!);
  const available = source.visible && !source.archived && variants.length > 0;
  await ctx.db
    .update(catalogOffers)
    .set({
      code: source.code,
      name: source.name,
      departmentName: source.departmentName,
      categoryName: source.categoryName,
      origin: source.origin,
      coverUrl: source.coverUrl,
      supplierName,
      moq: Math.max(1, source.moq),
      stockTotal: variants.reduce((n, v) => n + v.stock, 0),
      available,
      // Kept when no variant is left: the offer is not shown then, and the column may not be null.
      ...(wholesale.length ? { wholesaleFromCents: Math.min(...wholesale) } : {}),
      searchVector: sql`setweight(to_tsvector(${OFFER_SEARCH_CONFIG}, f_unaccent(${source.name})), 'A') ||
        setweight(to_tsvector(${OFFER_SEARCH_CONFIG}, f_unaccent(${source.secondaryText})), 'B') ||
        setweight(to_tsvector(${OFFER_SEARCH_CONFIG}, f_unaccent(${source.descriptionText})), 'C')`,
      searchName: sql`lower(f_unaccent(${source.name}))`,
      updatedAt: new Date(),
    })
    .where(and(eq(catalogOffers.id, offerId), eq(catalogOffers.storeId, ctx.storeId)));
}

/** Sets the supplier's name on every offer of its store that shows another (a renamed company). */
export async function renameSupplierOffers(ctx: StoreDbContext, supplierName: string): Promise<void> {
  await ctx.db
    .update(catalogOffers)
    .set({ supplierName })
    .where(and(eq(catalogOffers.storeId, ctx.storeId), ne(catalogOffers.supplierName, supplierName)));
}

/**
 * Withdraws the published offers `offerIds` of the supplier `ctx.storeId`: `status` unpublished with its time, and
 * every listing of them `unpublished` (not sellable). Call inside the caller's transaction so both happen or neither.
 * Returns the ids withdrawn now (already withdrawn ones are left as they are).
 */
export async function withdrawOffers(ctx: StoreDbContext, offerIds: string[]): Promise<string[]> {
  if (!offerIds.length) return [];
  const now = new Date();
  const withdrawn = await ctx.db
    .update(catalogOffers)
    .set({ status: 'unpublished', unpublishedAt: now, updatedAt: now })
    .where(
      and(
        eq(catalogOffers.storeId, ctx.storeId),
        inArray(catalogOffers.id, offerIds),
        eq(catalogOffers.status, 'published'),
      ),
    )
    .returning({ id: catalogOffers.id });
  const ids = withdrawn.map((r) => r.id);
  if (ids.length) await unlistOffers(ctx, ids);
  return ids;
}

// The listings are the resellers' rows: the deliberate write across stores of decision 134 (the supplier withdrew).
async function unlistOffers(ctx: DbContext, offerIds: string[]): Promise<void> {
  await ctx.db
    .update(listings)
    .set({ state: 'unpublished', updatedAt: new Date() })
    .where(and(inArray(listings.offerId, offerIds), ne(listings.state, 'unpublished')));
}

/** After a withdrawn offer is published again, its listings go to review: each reseller re-checks before selling. */
export async function relistOffer(ctx: DbContext, offerId: string): Promise<void> {
  await ctx.db
    .update(listings)
    .set({ state: 'review', updatedAt: new Date() })
    .where(and(eq(listings.offerId, offerId), eq(listings.state, 'unpublished')));
}
