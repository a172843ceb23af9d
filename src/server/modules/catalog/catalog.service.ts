/**
 * Catalog, as the storefront reads it: departments, categories with product counts, home lists, cards by code and
 * product detail (with its visible reviews, from the reviews module). Money is integer centavos MXN. Every query is
 * scoped by ctx.storeId.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { categories, departments, products } from '../../db/schema/catalog.js';
import type { DbOrTx, StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import type { ProductCard } from '../../../shared/contracts/common.js';
import type { DepartmentTree, HomeResponse, ProductDetail } from '../../../shared/contracts/catalog.js';
import { cardColumns, toCard } from './product-card.js';
import { listVisibleReviews } from '../reviews/index.js';

/** Departments with categories and visible product counts (GET /api/reseller/post_categoria_departamento). */
export async function getDepartmentTree(ctx: StoreContext): Promise<DepartmentTree> {
  const deps = await ctx.db
    .select({ id: departments.id, slug: departments.slug, name: departments.name })
    .from(departments)
    .where(eq(departments.storeId, ctx.storeId))
    .orderBy(asc(departments.position), asc(departments.name));
  const cats = await ctx.db
    .select({ id: categories.id, departmentId: categories.departmentId, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.storeId, ctx.storeId))
    .orderBy(asc(categories.position), asc(categories.name));
  const counts = await ctx.db
    .select({ departmentId: products.departmentId, categoryId: products.categoryId, n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.storeId, ctx.storeId), eq(products.visible, true), isNull(products.archivedAt)))
    .groupBy(products.departmentId, products.categoryId);
  const depCount = new Map<string, number>();
  const catCount = new Map<string, number>();
  for (const c of counts) {
    if (c.departmentId) depCount.set(c.departmentId, (depCount.get(c.departmentId) ?? 0) + c.n);
    if (c.categoryId) catCount.set(c.categoryId, (catCount.get(c.categoryId) ?? 0) + c.n);
  }
  return deps.map((d) => ({
    slug: d.slug,
    name: d.name,
    productCount: depCount.get(d.id) ?? 0,
    categories: cats
      .filter((c) => c.departmentId === d.id)
      .map((c) => ({ slug: c.slug, name: c.name, productCount: catCount.get(c.id) ?? 0 })),
  }));
}

function cardQuery(ctx: StoreContext) {
  return ctx.db
    .select(cardColumns)
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)));
}

const listable = (storeId: string) =>
  and(eq(products.storeId, storeId), eq(products.visible, true), isNull(products.archivedAt));

/** Featured, newest and best-selling products for the home page (GET /api/home). */
export async function getHome(ctx: StoreContext, limit = 12): Promise<HomeResponse> {
  const [featured, newest, bestSellers] = await Promise.all([
    cardQuery(ctx)
      .where(and(listable(ctx.storeId), eq(products.featured, true)))
      .orderBy(desc(products.soldCount))
      .limit(limit),
    cardQuery(ctx).where(listable(ctx.storeId)).orderBy(desc(products.createdAt), asc(products.codigo)).limit(limit),
    cardQuery(ctx).where(listable(ctx.storeId)).orderBy(desc(products.soldCount), asc(products.codigo)).limit(limit),
  ]);
  return { featured: featured.map(toCard), newest: newest.map(toCard), bestSellers: bestSellers.map(toCard) };
}

/** Cards of the given product codes, in the order given; unknown or hidden codes are skipped. */
export async function getCardsByCodes(ctx: StoreContext, codes: string[]): Promise<ProductCard[]> {
  if (!codes.length) return [];
  const rows = await cardQuery(ctx).where(and(listable(ctx.storeId), inArray(products.codigo, codes)));
  const byCode = new Map(rows.map((r) => [r.codigo, toCard(r)]));
  return codes.map((c) => byCode.get(c)).filter((c): c is ProductCard => Boolean(c));
}

/** Internal id of a listable product by code, or null. */
export async function findProductId(ctx: StoreContext, codigo: string): Promise<string | null> {
  const [r] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(listable(ctx.storeId), eq(products.codigo, codigo)))
    .limit(1);
  return r?.id ?? null;
}

/**
 * Every photo of a product for its page (decision 045): the cover, the gallery in order, then the variants' photos
 * (each colour's) the gallery does not hold; each URL base once.
 */
function productPhotos(
  cover: string | null,
  gallery: { url: string }[],
  colourPhotos: Record<string, { url: string }>,
  variants: { image: string | null }[],
): string[] {
  // Colour photos in the variants' order (the order the options are shown in), then any variant left without one.
  const all = [cover, ...gallery.map((f) => f.url), ...variants.map((v) => v.image)];
  for (const f of Object.values(colourPhotos)) all.push(f.url);
  return [...new Set(all.filter((u): u is string => Boolean(u)))];
}

/** Product detail (GET /api/productos/:codigo). Throws PRODUCT_NOT_FOUND when absent, hidden or archived. */
export async function getProductDetail(ctx: StoreContext, codigo: string): Promise<ProductDetail> {
  return (await loadProductDetail(ctx, codigo)).detail;
}

type VariantRow = {
  sku: string;
  options: Record<string, string>;
  priceCents: number;
  stock: number;
  image: string | null;
};

/**
 * The product page's one query (prepared once per database handle, so neither drizzle nor PostgreSQL builds or plans it
 * again per request): the product with its department, category and variants, the variants as one JSON array in their
 * order. One round trip instead of three: a product page is the most visited answer that is not cached.
 */
function detailQuery(db: DbOrTx) {
  return db
    .select({
      ...cardColumns,
      // The variants below say whether any is in stock: the card's own subquery would read them twice.
      inStock: sql<boolean>`false`,
      id: products.id,
      shortDescription: products.shortDescription,
      description: products.description,
      usage: products.usage,
      keywords: products.keywords,
      brand: products.brand,
      departmentSlug: departments.slug,
      categorySlug: categories.slug,
      minOrderQty: products.minOrderQty,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      widthCm: products.widthCm,
      heightCm: products.heightCm,
      packaging: products.packaging,
      attributes: products.attributes,
      specifications: products.specifications,
      photos: products.photos,
      colourPhotos: products.colourPhotos,
      variants: sql<
        VariantRow[]
      >`coalesce((select json_agg(json_build_object('sku', v.sku, 'options', v.options, 'priceCents', v.price_cents, 'stock', v.stock, 'image', v.image_url) order by v.position, v.id) from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId}), '[]'::json)`,
    })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(
      and(
        eq(products.storeId, sql.placeholder('storeId')),
        eq(products.visible, true),
        isNull(products.archivedAt),
        eq(products.codigo, sql.placeholder('codigo')),
      ),
    )
    .limit(1)
    .prepare('catalog_product_detail');
}

const preparedDetail = new WeakMap<DbOrTx, ReturnType<typeof detailQuery>>();

/** Product detail with the product's internal id (the answer cache ties the answer to it). Same errors. */
export async function loadProductDetail(
  ctx: StoreContext,
  codigo: string,
): Promise<{ id: string; detail: ProductDetail }> {
  let query = preparedDetail.get(ctx.db);
  if (!query) preparedDetail.set(ctx.db, (query = detailQuery(ctx.db)));
  const [row] = await query.execute({ storeId: ctx.storeId, codigo });
  if (!row) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  const variants = row.variants;
  // The product's rating count is kept in step with its visible reviews (ratings.ts): none, no query.
  const reviewRows = row.ratingCount > 0 ? await listVisibleReviews(ctx, row.id, 50) : [];
  const optionNames = [...new Set(variants.flatMap((v) => Object.keys(v.options)))];
  const detail: ProductDetail = {
    ...toCard({ ...row, inStock: variants.some((v) => v.stock > 0) }),
    shortDescription: row.shortDescription,
    description: row.description,
    usage: row.usage,
    keywords: row.keywords,
    brand: row.brand,
    departmentSlug: row.departmentSlug,
    categorySlug: row.categorySlug,
    minOrderQty: row.minOrderQty,
    stock: variants.reduce((s, v) => s + v.stock, 0),
    weightGrams: row.weightGrams,
    dimensionsCm: { length: row.lengthCm, width: row.widthCm, height: row.heightCm },
    packaging: { ...row.packaging },
    attributes: row.attributes,
    specifications: row.specifications,
    variants,
    optionNames,
    reviews: reviewRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    photos: productPhotos(row.image, row.photos, row.colourPhotos, variants),
  };
  return { id: row.id, detail };
}

/** Number of listable products of a store (admin dashboard). */
export async function countProducts(ctx: Pick<StoreContext, 'db' | 'storeId'>): Promise<number> {
  const [r] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(listable(ctx.storeId));
  return r.n;
}
