/**
 * One offer of the global catalogue in detail, for a reseller (decision 134): the product content the decision lists,
 * the offered variants (SKU, options, wholesale price, stock) and the supplier's card. The supplier's product is
 * read through the catalog module, scoped by the supplier's store: the deliberate tenancy exception, these fields only.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listings } from '../../db/schema/marketplace.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import type { GlobalOfferDetail } from '../../../shared/contracts/marketplace.js';
import { loadOfferContent, loadOfferSources } from '../catalog/index.js';
import { supplierCard } from './supplier-card.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;

/** Only the purchase terms that may cross (not sample prices, payment options, capacity or the like). */
function purchaseTerms(p: Record<string, unknown>): GlobalOfferDetail['purchase'] {
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  return {
    unitOfSale: typeof p.unitOfSale === 'string' && p.unitOfSale ? p.unitOfSale : null,
    quantityMin: int(p.quantityMin),
    quantityMax: int(p.quantityMax),
    deliveryDaysMin: int(p.deliveryDaysMin),
    deliveryDaysMax: int(p.deliveryDaysMax),
  };
}

/**
 * The published offer `offerId` as the reseller `ctx.storeId` sees it. 404 OFFER_NOT_FOUND when it is not published,
 * not shown (hidden or archived product) or the asking store's own.
 */
export async function getGlobalOffer(ctx: Ctx, offerId: string): Promise<GlobalOfferDetail> {
  const [offer] = await ctx.db
    .select()
    .from(catalogOffers)
    .where(
      and(
        eq(catalogOffers.id, offerId),
        eq(catalogOffers.status, 'published'),
        eq(catalogOffers.available, true),
        ne(catalogOffers.storeId, ctx.storeId),
      ),
    )
    .limit(1);
  if (!offer) throw new AppError('OFFER_NOT_FOUND');
  const supplier = { db: ctx.db, storeId: offer.storeId };
  const content = await loadOfferContent(supplier, offer.productId);
  const [source] = await loadOfferSources(supplier, [offer.productId]);
  if (!content || !source) throw new AppError('OFFER_NOT_FOUND');
  const offered = await ctx.db
    .select({ variantId: catalogOfferVariants.variantId, wholesaleCents: catalogOfferVariants.wholesaleCents })
    .from(catalogOfferVariants)
    .where(and(eq(catalogOfferVariants.storeId, offer.storeId), eq(catalogOfferVariants.offerId, offer.id)));
  const prices = new Map(offered.map((o) => [o.variantId, o.wholesaleCents]));
  const [listed] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.storeId, ctx.storeId), eq(listings.offerId, offer.id)));

  return {
    offerId: offer.id,
    code: content.code,
    name: content.name,
    shortDescription: content.shortDescription,
    description: content.description,
    photos: content.photos,
    attributes: content.attributes,
    specifications: content.specifications,
    packaging: content.packaging,
    purchase: purchaseTerms(content.purchase),
    origin: content.origin,
    hsCode: content.hsCode,
    departmentName: content.departmentName,
    categoryName: content.categoryName,
    suggestedRetailCents: offer.suggestedRetailCents,
    wholesaleFromCents: offer.wholesaleFromCents,
    moq: offer.moq,
    leadTimeDaysMin: offer.leadTimeDaysMin,
    leadTimeDaysMax: offer.leadTimeDaysMax,
    variants: source.variants
      .filter((v) => prices.has(v.id))
      .map((v) => ({
        variantId: v.id,
        sku: v.sku,
        options: v.options,
        wholesaleCents: prices.get(v.id)!,
        stock: v.stock,
      })),
    supplier: await supplierCard(ctx, offer.storeId, offer.supplierName),
    listed: (listed?.n ?? 0) > 0,
  };
}
