/**
 * Catalog: departments, categories, products with variants, product detail, home lists and reviews.
 * Routes /, /product and /deps. Money is integer centavos MXN.
 * Every query is scoped by ctx.storeId.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  categories,
  departments,
  productVariants,
  products,
  reviews,
  type ProductPackaging,
} from '../../db/schema/catalog.js';
import { withTx, type StoreContext, type StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import type { ProductCard } from '../../../shared/contracts/common.js';
import type { DepartmentTree, HomeResponse, ProductDetail } from '../../../shared/contracts/catalog.js';
import { getStoreLanguage, textSearchConfig } from '../stores/index.js';
import { cardColumns, toCard } from './product-card.js';
import { refreshSearchDocumentSql } from './search-document.js';

export interface NewVariant {
  sku: string;
  options: Record<string, string>;
  priceCents: number;
  stock: number;
}

export interface NewProduct {
  codigo: string;
  name: string;
  shortDescription?: string;
  description?: string;
  usage?: string;
  keywords?: string[];
  brand?: string | null;
  department?: { slug: string; name: string } | null;
  category?: { slug: string; name: string } | null;
  compareAtCents?: number | null;
  minOrderQty?: number;
  weightGrams?: number;
  dimensionsCm?: { length: number; width: number; height: number };
  packaging?: ProductPackaging;
  attributes?: Record<string, string[]>;
  specifications?: { label: string; value: string }[];
  imageUrl?: string | null;
  visible?: boolean;
  featured?: boolean;
  soldCount?: number;
  createdAt?: Date;
  /** At least one; a simple product has one variant with options {}. */
  variants: NewVariant[];
}

/** Finds or creates a department by slug; returns its id. */
export async function upsertDepartment(
  ctx: StoreDbContext,
  dep: { slug: string; name: string; position?: number },
): Promise<string> {
  const { db, storeId } = ctx;
  const [row] = await db
    .insert(departments)
    .values({ storeId, slug: dep.slug, name: dep.name, position: dep.position ?? 0 })
    .onConflictDoUpdate({ target: [departments.storeId, departments.slug], set: { name: dep.name } })
    .returning({ id: departments.id });
  return row.id;
}

/** Finds or creates a category of a department by slug; returns its id. */
export async function upsertCategory(
  ctx: StoreDbContext,
  departmentId: string,
  cat: { slug: string; name: string; position?: number },
): Promise<string> {
  const { db, storeId } = ctx;
  const [row] = await db
    .insert(categories)
    .values({ storeId, departmentId, slug: cat.slug, name: cat.name, position: cat.position ?? 0 })
    .onConflictDoUpdate({
      target: [categories.storeId, categories.departmentId, categories.slug],
      set: { name: cat.name },
    })
    .returning({ id: categories.id });
  return row.id;
}

/**
 * Creates a product with its variants in one transaction and builds its search document.
 * products.price_cents is the lowest variant price. Throws BAD_REQUEST when there is no variant.
 */
export async function createProduct(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  input: NewProduct,
): Promise<{ id: string }> {
  if (!input.variants.length) throw new AppError('BAD_REQUEST', { reason: 'variants' });
  const lang = await getStoreLanguage(ctx);
  return ctx.db.transaction(async (tx) => {
    const departmentId = input.department ? await upsertDepartment(withTx(ctx, tx), input.department) : null;
    const categoryId =
      departmentId && input.category ? await upsertCategory(withTx(ctx, tx), departmentId, input.category) : null;
    const [p] = await tx
      .insert(products)
      .values({
        storeId: ctx.storeId,
        codigo: input.codigo,
        name: input.name,
        shortDescription: input.shortDescription ?? '',
        description: input.description ?? '',
        usage: input.usage ?? '',
        keywords: input.keywords ?? [],
        brand: input.brand ?? null,
        departmentId,
        categoryId,
        priceCents: Math.min(...input.variants.map((v) => v.priceCents)),
        compareAtCents: input.compareAtCents ?? null,
        minOrderQty: input.minOrderQty ?? 1,
        weightGrams: input.weightGrams ?? 500,
        lengthCm: input.dimensionsCm?.length ?? 20,
        widthCm: input.dimensionsCm?.width ?? 15,
        heightCm: input.dimensionsCm?.height ?? 10,
        packaging: input.packaging ?? {},
        attributes: input.attributes ?? {},
        specifications: input.specifications ?? [],
        imageUrl: input.imageUrl ?? null,
        visible: input.visible ?? true,
        featured: input.featured ?? false,
        soldCount: input.soldCount ?? 0,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .returning({ id: products.id });
    await tx.insert(productVariants).values(
      input.variants.map((v, i) => ({
        storeId: ctx.storeId,
        productId: p.id,
        sku: v.sku,
        options: v.options,
        priceCents: v.priceCents,
        stock: v.stock,
        position: i,
      })),
    );
    await tx.execute(refreshSearchDocumentSql(ctx.storeId, textSearchConfig(lang), sql`p.id = ${p.id}`));
    return p;
  });
}

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

/** Product detail with the product's internal id (the answer cache ties the answer to it). Same errors. */
export async function loadProductDetail(
  ctx: StoreContext,
  codigo: string,
): Promise<{ id: string; detail: ProductDetail }> {
  const [row] = await ctx.db
    .select({
      ...cardColumns,
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
    })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(and(listable(ctx.storeId), eq(products.codigo, codigo)))
    .limit(1);
  if (!row) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  const [variants, reviewRows] = await Promise.all([
    ctx.db
      .select({
        sku: productVariants.sku,
        options: productVariants.options,
        priceCents: productVariants.priceCents,
        stock: productVariants.stock,
        image: productVariants.imageUrl,
      })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, ctx.storeId), eq(productVariants.productId, row.id)))
      .orderBy(asc(productVariants.position)),
    ctx.db
      .select({
        id: reviews.id,
        authorName: reviews.authorName,
        rating: reviews.rating,
        title: reviews.title,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(and(eq(reviews.storeId, ctx.storeId), eq(reviews.productId, row.id), eq(reviews.status, 'visible')))
      .orderBy(desc(reviews.createdAt))
      .limit(50),
  ]);
  const optionNames = [...new Set(variants.flatMap((v) => Object.keys(v.options)))];
  const detail: ProductDetail = {
    ...toCard(row),
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

/** Adds a visible review and keeps the product's rating average (×100) and count in sync. */
export async function addReview(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  productId: string,
  review: {
    authorName: string;
    rating: number;
    title: string;
    comment: string;
    createdAt?: Date;
    userId?: string | null;
  },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(reviews).values({
      storeId: ctx.storeId,
      productId,
      authorName: review.authorName,
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      userId: review.userId ?? null,
      ...(review.createdAt ? { createdAt: review.createdAt } : {}),
    });
    await refreshRating(withTx(ctx, tx), [productId]);
  });
}

/** Recomputes rating average and count of products from their visible reviews. */
export async function refreshRating(ctx: StoreDbContext, productIds?: string[]): Promise<void> {
  const { db, storeId } = ctx;
  await db.execute(sql`
    update products p set rating_avg_x100 = coalesce(r.avg, 0), rating_count = coalesce(r.n, 0)
    from (select product_id, round(avg(rating) * 100)::int as avg, count(*)::int as n from reviews
          where store_id = ${storeId} and status = 'visible' group by product_id) r
    where p.id = r.product_id and p.store_id = ${storeId}
    ${
      productIds
        ? sql`and p.id in (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    }`);
}

/** Recomputes the search documents of every product of a store (after a bulk load). */
export async function refreshSearchDocuments(ctx: Pick<StoreContext, 'db' | 'storeId'>): Promise<void> {
  const lang = await getStoreLanguage(ctx);
  await ctx.db.execute(refreshSearchDocumentSql(ctx.storeId, textSearchConfig(lang), sql`true`));
}

/**
 * Inserts many products at once (bulk loads such as the demo seed and the benchmark store): batched multi-row INSERTs
 * of products and variants, then one search-document refresh and fresh planner statistics (PGlite has no autovacuum
 * to gather them, and without them the planner misjudges every catalogue query). Departments and categories must
 * already exist (ids given).
 */
export async function bulkInsertProducts(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  items: (NewProduct & { departmentId: string | null; categoryId: string | null })[],
  batchSize = 500,
): Promise<void> {
  for (let i = 0; i < items.length; i += batchSize) {
    const batch = items.slice(i, i + batchSize);
    await ctx.db.transaction(async (tx) => {
      const ids = await tx
        .insert(products)
        .values(
          batch.map((p) => ({
            storeId: ctx.storeId,
            codigo: p.codigo,
            name: p.name,
            shortDescription: p.shortDescription ?? '',
            description: p.description ?? '',
            usage: p.usage ?? '',
            keywords: p.keywords ?? [],
            brand: p.brand ?? null,
            departmentId: p.departmentId,
            categoryId: p.categoryId,
            priceCents: Math.min(...p.variants.map((v) => v.priceCents)),
            compareAtCents: p.compareAtCents ?? null,
            minOrderQty: p.minOrderQty ?? 1,
            weightGrams: p.weightGrams ?? 500,
            attributes: p.attributes ?? {},
            specifications: p.specifications ?? [],
            imageUrl: p.imageUrl ?? null,
            featured: p.featured ?? false,
            soldCount: p.soldCount ?? 0,
            ...(p.createdAt ? { createdAt: p.createdAt } : {}),
          })),
        )
        .returning({ id: products.id });
      await tx.insert(productVariants).values(
        batch.flatMap((p, k) =>
          p.variants.map((v, j) => ({
            storeId: ctx.storeId,
            productId: ids[k].id,
            sku: v.sku,
            options: v.options,
            priceCents: v.priceCents,
            stock: v.stock,
            position: j,
          })),
        ),
      );
    });
  }
  await refreshSearchDocuments(ctx);
  await ctx.db.execute(sql`analyze products, product_variants`);
}

/** Number of listable products of a store (admin dashboard). */
export async function countProducts(ctx: Pick<StoreContext, 'db' | 'storeId'>): Promise<number> {
  const [r] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(listable(ctx.storeId));
  return r.n;
}
