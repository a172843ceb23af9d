/**
 * Reads for the marketplace's copies of products (decision 134; writes in product-copies.ts): the source product of
 * another store (the caller checks that it is a published offer's), the reseller's copies, and prices, stock and texts
 * of variants and products by id (ids the caller holds in its own rows).
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { categories, departments, productVariants, products } from '../../db/schema/catalog.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';

/** What a copy takes from its source product (decision 134), with the source's variants. */
export interface SourceProduct {
  id: string;
  storeId: string;
  codigo: string;
  name: string;
  shortDescription: string;
  description: string;
  imageUrl: string | null;
  photos: { fileId: string; url: string }[];
  attributes: Record<string, string[]>;
  specifications: { label: string; value: string }[];
  department: string | null;
  category: string | null;
  origin: string | null;
  hsCode: string | null;
  archived: boolean;
  variants: { id: string; sku: string; options: Record<string, string>; stock: number; imageUrl: string | null }[];
}

/** A source product with its variants (by position), or null. Not scoped by store: the caller owns that check. */
export async function readSourceProduct(ctx: DbContext, productId: string): Promise<SourceProduct | null> {
  const [p] = await ctx.db
    .select({ p: products, department: departments.name, category: categories.name })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(eq(products.id, productId))
    .limit(1);
  if (!p) return null;
  const variants = await ctx.db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      options: productVariants.options,
      stock: productVariants.stock,
      imageUrl: productVariants.imageUrl,
    })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, p.p.storeId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position));
  const r = p.p;
  return {
    id: r.id,
    storeId: r.storeId,
    codigo: r.codigo,
    name: r.name,
    shortDescription: r.shortDescription,
    description: r.description,
    imageUrl: r.imageUrl,
    photos: r.photos,
    attributes: r.attributes,
    specifications: r.specifications,
    department: p.department,
    category: p.category,
    origin: r.origin,
    hsCode: r.hsCode,
    archived: r.archivedAt !== null,
    variants,
  };
}

/** The copies of ctx's store with their variants: what the listings screen shows of the reseller's own rows. */
export async function readCopies(ctx: StoreDbContext, productIds: string[]) {
  if (!productIds.length) return { products: [], variants: [] };
  const [rows, variants] = await Promise.all([
    ctx.db
      .select({
        id: products.id,
        codigo: products.codigo,
        name: products.name,
        description: products.description,
        imageUrl: products.imageUrl,
        visible: products.visible,
        department: departments.name,
        category: categories.name,
      })
      .from(products)
      .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
      .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
      .where(and(eq(products.storeId, ctx.storeId), inArray(products.id, productIds), isNull(products.archivedAt))),
    ctx.db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        options: productVariants.options,
        priceCents: productVariants.priceCents,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, ctx.storeId), inArray(productVariants.productId, productIds)))
      .orderBy(asc(productVariants.position)),
  ]);
  return { products: rows, variants };
}

/** Price and stock of variants by id, of any store (ids the caller holds in its own rows). */
async function variantFigures(ctx: DbContext, ids: string[]) {
  if (!ids.length) return [];
  return ctx.db
    .select({ id: productVariants.id, priceCents: productVariants.priceCents, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, [...new Set(ids)]));
}

/** Each variant's price, centavos, by id (ids the caller holds in its own rows, of any store). */
export async function readVariantPrices(ctx: DbContext, ids: string[]): Promise<Map<string, number>> {
  return new Map((await variantFigures(ctx, ids)).map((v) => [v.id, v.priceCents]));
}

/** Each variant's stock by id (ids the caller holds in its own rows, of any store: the supplier's live units). */
export async function readVariantStocks(ctx: DbContext, ids: string[]): Promise<Map<string, number>> {
  return new Map((await variantFigures(ctx, ids)).map((v) => [v.id, v.stock]));
}

/** Name and description of source products by id (what a listing's overrides replace). */
export async function readProductTexts(
  ctx: DbContext,
  ids: string[],
): Promise<Map<string, { name: string; description: string }>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: products.id, name: products.name, description: products.description })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, description: r.description }]));
}

/** Which of the products (by id, of any store) are archived: a source that is gone is sold by no copy. */
export async function readArchivedProductIds(ctx: DbContext, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...new Set(ids)]), isNotNull(products.archivedAt)));
  return new Set(rows.map((r) => r.id));
}
