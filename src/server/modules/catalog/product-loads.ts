/**
 * Loading products into the catalogue outside the seller's form: one product with its variants (tests, fixtures),
 * many at once (the demo seed, the benchmark store), their departments and categories, and the search documents after
 * a bulk load. Money is integer centavos MXN; every query is scoped by ctx.storeId.
 */
import { sql } from 'drizzle-orm';
import { categories, departments, productVariants, products, type ProductPackaging } from '../../db/schema/catalog.js';
import { withTx, type StoreContext, type StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { getStoreLanguage, textSearchConfig } from '../stores/index.js';
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
  /** Country of origin, ISO 3166-1 alpha-2. */
  origin?: string | null;
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
 * Creates a product with its variants in one transaction and builds its search document; answers the product id and
 * the variant ids in the order of `input.variants`. products.price_cents is the lowest variant price. Throws
 * BAD_REQUEST when there is no variant.
 */
export async function createProduct(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  input: NewProduct,
): Promise<{ id: string; variantIds: string[] }> {
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
        origin: input.origin ?? null,
        visible: input.visible ?? true,
        featured: input.featured ?? false,
        soldCount: input.soldCount ?? 0,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .returning({ id: products.id });
    const variants = await tx
      .insert(productVariants)
      .values(
        input.variants.map((v, i) => ({
          storeId: ctx.storeId,
          productId: p.id,
          sku: v.sku,
          options: v.options,
          priceCents: v.priceCents,
          stock: v.stock,
          position: i,
        })),
      )
      .returning({ id: productVariants.id, position: productVariants.position });
    await tx.execute(refreshSearchDocumentSql(ctx.storeId, textSearchConfig(lang), sql`p.id = ${p.id}`));
    return { id: p.id, variantIds: variants.sort((a, b) => a.position - b.position).map((v) => v.id) };
  });
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
 * already exist (ids given). `analyze: false` leaves the statistics to the caller (a load of many stores analyses
 * once at the end: each ANALYZE samples the whole tables).
 */
export async function bulkInsertProducts(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  items: (NewProduct & { departmentId: string | null; categoryId: string | null })[],
  batchSize = 500,
  opts: { analyze?: boolean } = {},
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
  if (opts.analyze !== false) await ctx.db.execute(sql`analyze products, product_variants`);
}
