/**
 * What the marketplace module reads of a supplier's products (decision 134): the fields a global catalogue offer
 * snapshots and shows, and its variants. Always scoped by ctx.storeId (the supplier's store); the marketplace decides
 * what of it crosses to another store.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { categories, departments, productVariants, products } from '../../db/schema/catalog.js';
import type { StoreDbContext } from '../../lib/context.js';

/** One variant of a supplier's product: retail price in centavos, units in stock. */
export interface OfferSourceVariant {
  id: string;
  sku: string;
  options: Record<string, string>;
  priceCents: number;
  stock: number;
}

/** A supplier's product as an offer snapshots it: state, names, cover image URL base, MOQ and searchable text. */
export interface OfferSourceProduct {
  id: string;
  code: string;
  name: string;
  visible: boolean;
  archived: boolean;
  departmentName: string | null;
  categoryName: string | null;
  origin: string | null;
  coverUrl: string | null;
  /** The purchase information's minimum quantity, else the product's minimum order quantity. */
  moq: number;
  /** Keywords, brand, department and category (weight B of the search document), and the descriptions (C). */
  secondaryText: string;
  descriptionText: string;
  variants: OfferSourceVariant[];
}

/** The content of a supplier's product that the global catalogue's detail shows (decision 134's list). */
export interface OfferSourceContent {
  code: string;
  name: string;
  shortDescription: string;
  description: string;
  photos: string[];
  attributes: Record<string, string[]>;
  specifications: { label: string; value: string }[];
  packaging: Record<string, unknown>;
  purchase: Record<string, unknown>;
  origin: string | null;
  hsCode: string | null;
  departmentName: string | null;
  categoryName: string | null;
}

function withTaxonomy<T extends object>(ctx: StoreDbContext, columns: T, where: SQL | undefined) {
  return ctx.db
    .select(columns as never)
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(and(eq(products.storeId, ctx.storeId), where));
}

/** The store's variants of `productIds`, in their order. */
async function variantsOf(ctx: StoreDbContext, productIds: string[]) {
  if (!productIds.length) return new Map<string, OfferSourceVariant[]>();
  const rows = await ctx.db
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
    .orderBy(asc(productVariants.position), asc(productVariants.sku));
  const byProduct = new Map<string, OfferSourceVariant[]>();
  for (const { productId, ...v } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), v]);
  return byProduct;
}

/** The store's products `productIds` (null: every product of the store) with their variants; unknown ids are absent. */
export async function loadOfferSources(
  ctx: StoreDbContext,
  productIds: string[] | null,
): Promise<OfferSourceProduct[]> {
  if (productIds && !productIds.length) return [];
  const rows = (await withTaxonomy(
    ctx,
    {
      id: products.id,
      code: products.codigo,
      name: products.name,
      visible: products.visible,
      archivedAt: products.archivedAt,
      departmentName: departments.name,
      categoryName: categories.name,
      origin: products.origin,
      coverUrl: products.imageUrl,
      minOrderQty: products.minOrderQty,
      purchase: products.purchase,
      keywords: products.keywords,
      brand: products.brand,
      shortDescription: products.shortDescription,
      description: products.description,
    },
    productIds ? inArray(products.id, productIds) : undefined,
  )) as unknown as {
    id: string;
    code: string;
    name: string;
    visible: boolean;
    archivedAt: Date | null;
    departmentName: string | null;
    categoryName: string | null;
    origin: string | null;
    coverUrl: string | null;
    minOrderQty: number;
    purchase: { quantityMin?: number | null };
    keywords: string[];
    brand: string | null;
    shortDescription: string;
    description: string;
  }[];
  const variants = await variantsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    visible: r.visible,
    archived: r.archivedAt !== null,
    departmentName: r.departmentName,
    categoryName: r.categoryName,
    origin: r.origin,
    coverUrl: r.coverUrl,
    moq: r.purchase.quantityMin ?? r.minOrderQty,
    secondaryText: [...r.keywords, r.brand, r.departmentName, r.categoryName].filter(Boolean).join(' '),
    descriptionText: `${r.shortDescription} ${r.description.slice(0, 4000)}`.trim(),
    variants: variants.get(r.id) ?? [],
  }));
}

/** The content of the store's product `productId` for the global catalogue's detail; null when it is not there. */
export async function loadOfferContent(ctx: StoreDbContext, productId: string): Promise<OfferSourceContent | null> {
  const [r] = (await withTaxonomy(
    ctx,
    {
      code: products.codigo,
      name: products.name,
      shortDescription: products.shortDescription,
      description: products.description,
      imageUrl: products.imageUrl,
      photos: products.photos,
      attributes: products.attributes,
      specifications: products.specifications,
      packaging: products.packaging,
      purchase: products.purchase,
      origin: products.origin,
      hsCode: products.hsCode,
      departmentName: departments.name,
      categoryName: categories.name,
    },
    eq(products.id, productId),
  ).limit(1)) as unknown as (Omit<OfferSourceContent, 'photos'> & {
    imageUrl: string | null;
    photos: { url: string }[];
  })[];
  if (!r) return null;
  const { imageUrl, photos, ...rest } = r;
  // The cover first, then the gallery, each URL base once.
  const urls = [...new Set([imageUrl, ...photos.map((p) => p.url)].filter((u): u is string => Boolean(u)))];
  return { ...rest, photos: urls };
}

/** The store's product with code `code` (archived and hidden ones too) as an offer snapshots it; null when none. */
export async function findOfferSourceByCode(ctx: StoreDbContext, code: string): Promise<OfferSourceProduct | null> {
  const [r] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, ctx.storeId), eq(products.codigo, code)))
    .limit(1);
  if (!r) return null;
  const [source] = await loadOfferSources(ctx, [r.id]);
  return source ?? null;
}
