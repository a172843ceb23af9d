/** What the quotes module needs of a product a buyer asks a quote for. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { products, productVariants } from '../../db/schema/catalog.js';
import type { StoreDbContext } from '../../lib/context.js';

/** A listed product's quote facts: MOQ and quantity range (units), HS code, and its variants by SKU. */
export interface QuotableProduct {
  productId: string;
  codigo: string;
  name: string;
  imageUrl: string | null;
  hsCode: string | null;
  minOrderQty: number;
  /** The purchase info's quantity range, null where the seller set no bound. */
  quantityMin: number | null;
  quantityMax: number | null;
  variants: { sku: string; variantId: string; imageUrl: string | null }[];
}

/**
 * The store's visible, unarchived product `codigo` with its variants (sorted by SKU), or null. The quote keeps these
 * facts as they were when asked.
 */
export async function getQuotableProduct(ctx: StoreDbContext, codigo: string): Promise<QuotableProduct | null> {
  const [p] = await ctx.db
    .select({
      productId: products.id,
      codigo: products.codigo,
      name: products.name,
      imageUrl: products.imageUrl,
      hsCode: products.hsCode,
      minOrderQty: products.minOrderQty,
      purchase: products.purchase,
    })
    .from(products)
    .where(
      and(
        eq(products.storeId, ctx.storeId),
        eq(products.codigo, codigo),
        eq(products.visible, true),
        isNull(products.archivedAt),
      ),
    )
    .limit(1);
  if (!p) return null;
  const variants = await ctx.db
    .select({ sku: productVariants.sku, variantId: productVariants.id, imageUrl: productVariants.imageUrl })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, ctx.storeId), eq(productVariants.productId, p.productId)))
    .orderBy(asc(productVariants.sku));
  const { purchase, ...rest } = p;
  return {
    ...rest,
    quantityMin: purchase.quantityMin ?? null,
    quantityMax: purchase.quantityMax ?? null,
    variants,
  };
}
