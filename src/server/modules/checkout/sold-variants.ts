/**
 * The variants a cart buys as this store sells them (decision 134): the store's own variants as the catalogue has
 * them, and its listings' variants with the supplier's live stock, sellable only while the listing is active, its
 * offer published, and the retail price at or above the floor at today's wholesale price (a supplier's price rise the
 * reseller has not reviewed never sells at a loss, even before the listing's sync marks it for review).
 */
import type { StoreDbContext } from '../../lib/context.js';
import { listingFloorCents } from '../../../shared/money.js';
import { getVariantsForCheckout, stockOfVariants, type CheckoutVariant } from '../catalog/index.js';
import { listingSources } from '../marketplace/index.js';
import { storeFeeBps } from '../subscriptions/index.js';

/** Where a listing's line comes from: the supplier's store and variant, and the wholesale price now (centavos). */
export interface LineSource {
  supplierStoreId: string;
  sourceVariantId: string;
  wholesaleCents: number;
}

/** A variant as sold here: `source` is set for a sellable listing's variant, null for the store's own. */
export interface SoldVariant extends CheckoutVariant {
  source: LineSource | null;
}

/** The store's variants by SKU as sold now (see the module comment); SKUs not sold here are absent. */
export async function variantsForSale(ctx: StoreDbContext, skus: string[]): Promise<SoldVariant[]> {
  const variants = await getVariantsForCheckout(ctx, skus);
  const sources = await listingSources(
    ctx,
    variants.map((v) => v.variantId),
  );
  if (!sources.size) return variants.map((v) => ({ ...v, source: null }));
  const [stock, feeBps] = await Promise.all([
    stockOfVariants(
      ctx,
      [...sources.values()].map((s) => ({ storeId: s.supplierStoreId, variantId: s.sourceVariantId })),
    ),
    storeFeeBps(ctx),
  ]);
  return variants.map((v) => {
    const s = sources.get(v.variantId);
    if (!s) return { ...v, source: null };
    const sellable =
      s.sellable && s.wholesaleCents !== null && v.priceCents >= listingFloorCents(s.wholesaleCents, feeBps);
    return {
      ...v,
      stock: stock.get(s.sourceVariantId) ?? 0,
      available: v.available && sellable,
      source: sellable
        ? { supplierStoreId: s.supplierStoreId, sourceVariantId: s.sourceVariantId, wholesaleCents: s.wholesaleCents! }
        : null,
    };
  });
}
