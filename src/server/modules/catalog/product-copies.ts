/**
 * Products copied from another store's product (the marketplace's listings, decision 134): the copy is an ordinary
 * product of the reseller's store, so every storefront read works unchanged. This file reads the source product (the
 * one cross-store read of the catalogue, for published offers only: the caller checks that), inserts a copy, and
 * keeps many copies in step with their source in a few set-based statements (content, variant options and stock
 * mirrors, visibility, prices). Money is integer centavos; writes to a copy are scoped by the copy's store id.
 */
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { productVariants, products } from '../../db/schema/catalog.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import { rowsOf } from '../../db/rows.js';
import { getStoreLanguage, getStoreLanguages, textSearchConfig } from '../stores/index.js';
import { refreshSearchDocumentSql } from './search-document.js';
import { resolveTaxonomy } from './taxonomy.js';

/** `base`, else `base-2`, `base-3`… : the first not in `taken` (compared without case). */
function freeName(base: string, taken: Set<string>): string {
  let made = base;
  for (let n = 2; taken.has(made.toUpperCase()); n++) made = `${base}-${n}`;
  taken.add(made.toUpperCase());
  return made;
}

/**
 * Inserts a copy of `sourceId` into ctx's store (call inside the caller's transaction): every content column of
 * decision 134 (photos as the same file URLs), `name` and `description` as given, the department and category by name
 * (created when new), one variant per `variants` item with the source variant's SKU, options, photo and stock and the
 * given price. The product code is the source's, and each SKU the source's, with "-2", "-3"… when the store already
 * uses it. Returns the copy's id, code and variant ids in the order given.
 */
export async function insertProductCopy(
  ctx: StoreDbContext,
  input: {
    sourceId: string;
    name: string;
    description: string;
    taxonomy: { department: string; category: string } | null;
    variants: { sourceVariantId: string; priceCents: number }[];
  },
): Promise<{ productId: string; codigo: string; variantIds: string[] }> {
  const { db, storeId } = ctx;
  const [src] = await db.select().from(products).where(eq(products.id, input.sourceId)).limit(1);
  const srcVariants = await db
    .select()
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        input.variants.map((v) => v.sourceVariantId),
      ),
    );
  const byId = new Map(srcVariants.map((v) => [v.id, v]));
  const codes = await db
    .select({ c: products.codigo })
    .from(products)
    .where(and(eq(products.storeId, storeId), ilike(products.codigo, `${src.codigo}%`)));
  const codigo = freeName(src.codigo, new Set(codes.map((r) => r.c.toUpperCase())));
  const skuBases = [...new Set(srcVariants.map((v) => v.sku))];
  const takenSkus = await db
    .select({ s: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), or(...skuBases.map((b) => ilike(productVariants.sku, `${b}%`)))));
  const skus = new Set(takenSkus.map((r) => r.s.toUpperCase()));
  const tax = input.taxonomy ? await resolveTaxonomy(ctx, input.taxonomy.department, input.taxonomy.category) : null;
  const [p] = await db
    .insert(products)
    .values({
      storeId,
      codigo,
      sourceProductId: input.sourceId,
      model: `MOD-${codigo}`,
      name: input.name,
      shortDescription: src.shortDescription,
      description: input.description,
      usage: src.usage,
      keywords: src.keywords,
      brand: src.brand,
      industry: src.industry,
      departmentId: tax?.dep.id ?? null,
      categoryId: tax?.cat.id ?? null,
      priceCents: Math.min(...input.variants.map((v) => v.priceCents)),
      minOrderQty: src.minOrderQty,
      weightGrams: src.weightGrams,
      lengthCm: src.lengthCm,
      widthCm: src.widthCm,
      heightCm: src.heightCm,
      packaging: src.packaging,
      attributes: src.attributes,
      specifications: src.specifications,
      hsCode: src.hsCode,
      origin: src.origin,
      photos: src.photos,
      coverFileId: src.coverFileId,
      colourPhotos: src.colourPhotos,
      purchase: src.purchase,
      imageUrl: src.imageUrl,
    })
    .returning({ id: products.id });
  const inserted = await db
    .insert(productVariants)
    .values(
      input.variants.map((v, i) => {
        const s = byId.get(v.sourceVariantId)!;
        return {
          storeId,
          productId: p.id,
          sku: freeName(s.sku, skus),
          options: s.options,
          priceCents: v.priceCents,
          imageUrl: s.imageUrl,
          stock: s.stock,
          position: i,
        };
      }),
    )
    .returning({ id: productVariants.id, position: productVariants.position });
  const lang = await getStoreLanguage(ctx);
  await db.execute(refreshSearchDocumentSql(storeId, textSearchConfig(lang), sql`p.id = ${p.id}`));
  return {
    productId: p.id,
    codigo,
    variantIds: inserted.sort((a, b) => a.position - b.position).map((v) => v.id),
  };
}

/** One copy to bring in step: its product, store and the reseller's own name and description (null: the source's). */
export interface CopyRef {
  productId: string;
  storeId: string;
  nameOverride: string | null;
  descriptionOverride: string | null;
}

const uuids = (xs: string[]) => sql`${sql.param(xs)}::uuid[]`;
const texts = (xs: (string | null)[]) => sql`${sql.param(xs)}::text[]`;

/**
 * Copies the source product's content (decision 134: name and description unless overridden, descriptions, photos,
 * attributes, specifications, packaging, weight and size, purchase information, origin) onto `copies` in one
 * statement, writing only rows that differ (so an unchanged copy publishes no change); then rebuilds the search
 * documents of the rows written, in each store's language. Returns the ids of the copies written.
 */
export async function syncCopiesContent(ctx: DbContext, sourceId: string, copies: CopyRef[]): Promise<string[]> {
  if (!copies.length) return [];
  const res = await ctx.db.execute<{ id: string; store_id: string }>(sql`
    with r as (
      select * from unnest(${uuids(copies.map((c) => c.productId))}, ${uuids(copies.map((c) => c.storeId))},
        ${texts(copies.map((c) => c.nameOverride))}, ${texts(copies.map((c) => c.descriptionOverride))})
        as r(product_id, store_id, name_override, description_override)
    )
    update products p set
      name = coalesce(r.name_override, s.name), description = coalesce(r.description_override, s.description),
      short_description = s.short_description, usage = s.usage, keywords = s.keywords, brand = s.brand,
      min_order_qty = s.min_order_qty, weight_grams = s.weight_grams, length_cm = s.length_cm,
      width_cm = s.width_cm, height_cm = s.height_cm, packaging = s.packaging, attributes = s.attributes,
      specifications = s.specifications, hs_code = s.hs_code, origin = s.origin, photos = s.photos,
      cover_file_id = s.cover_file_id, colour_photos = s.colour_photos, purchase = s.purchase,
      image_url = s.image_url, updated_at = now()
    from r, products s
    where s.id = ${sourceId} and p.id = r.product_id and p.store_id = r.store_id
      and (p.name, p.description, p.short_description, p.usage, p.keywords, p.brand, p.min_order_qty, p.weight_grams,
           p.length_cm, p.width_cm, p.height_cm, p.packaging, p.attributes, p.specifications, p.hs_code, p.origin,
           p.photos, p.cover_file_id, p.colour_photos, p.purchase, p.image_url)
        is distinct from
          (coalesce(r.name_override, s.name), coalesce(r.description_override, s.description), s.short_description,
           s.usage, s.keywords, s.brand, s.min_order_qty, s.weight_grams, s.length_cm, s.width_cm, s.height_cm,
           s.packaging, s.attributes, s.specifications, s.hs_code, s.origin, s.photos, s.cover_file_id,
           s.colour_photos, s.purchase, s.image_url)
    returning p.id, p.store_id`);
  const rows = rowsOf<{ id: string; store_id: string }>(res);
  const byConfig = new Map<'spanish' | 'english', string[]>();
  const langs = await getStoreLanguages(
    ctx,
    rows.map((r) => r.store_id),
  );
  for (const r of rows) {
    const cfg = textSearchConfig(langs.get(r.store_id) ?? 'es');
    if (byConfig.has(cfg)) byConfig.get(cfg)!.push(r.id);
    else byConfig.set(cfg, [r.id]);
  }
  for (const [cfg, ids] of byConfig)
    await ctx.db.execute(refreshSearchDocumentSql(null, cfg, sql`p.id = any(${uuids(ids)})`));
  return rows.map((r) => r.id);
}

/** A copy's variant and the source variant it mirrors. */
export interface VariantPair {
  variantId: string;
  storeId: string;
  sourceVariantId: string;
  /** False when the source variant is no longer for sale through the copy: the copy's stock mirror is 0. */
  offered: boolean;
}

/**
 * Mirrors each source variant's stock (0 when not offered), options and photo onto its copy in one statement,
 * writing only rows that differ. Returns how many variants were written.
 */
export async function mirrorCopiesVariants(ctx: DbContext, pairs: VariantPair[]): Promise<number> {
  if (!pairs.length) return 0;
  const res = await ctx.db.execute<{ id: string }>(sql`
    with r as (
      select * from unnest(${uuids(pairs.map((p) => p.variantId))}, ${uuids(pairs.map((p) => p.storeId))},
        ${uuids(pairs.map((p) => p.sourceVariantId))}, ${sql.param(pairs.map((p) => p.offered))}::boolean[])
        as r(variant_id, store_id, source_id, offered)
    )
    update product_variants v
      set stock = case when r.offered then s.stock else 0 end, options = s.options, image_url = s.image_url
    from r join product_variants s on s.id = r.source_id
    where v.id = r.variant_id and v.store_id = r.store_id
      and (v.stock, v.options, v.image_url)
        is distinct from (case when r.offered then s.stock else 0 end, s.options, s.image_url)
    returning v.id`);
  return rowsOf(res).length;
}

/** Sets `visible` of each copy (a listing that may not sell is hidden), writing only rows that differ. */
export async function setCopiesVisible(
  ctx: DbContext,
  rows: { productId: string; storeId: string; visible: boolean }[],
): Promise<void> {
  if (!rows.length) return;
  await ctx.db.execute(sql`
    update products p set visible = r.visible, updated_at = now()
    from unnest(${uuids(rows.map((r) => r.productId))}, ${uuids(rows.map((r) => r.storeId))},
      ${sql.param(rows.map((r) => r.visible))}::boolean[]) as r(product_id, store_id, visible)
    where p.id = r.product_id and p.store_id = r.store_id and p.visible is distinct from r.visible`);
}

/**
 * Sets the price of many variants of ctx's store in one statement (rows of another store are left alone), then each
 * touched product's `price_cents` to its lowest variant price. Returns how many variants were written.
 */
export async function setVariantPrices(
  ctx: StoreDbContext,
  rows: { variantId: string; priceCents: number }[],
): Promise<number> {
  if (!rows.length) return 0;
  const res = await ctx.db.execute<{ product_id: string }>(sql`
    update product_variants v set price_cents = r.price
    from unnest(${uuids(rows.map((r) => r.variantId))}, ${sql.param(rows.map((r) => r.priceCents))}::int[]) as r(id, price)
    where v.id = r.id and v.store_id = ${ctx.storeId} and v.price_cents <> r.price
    returning v.product_id`);
  const written = rowsOf<{ product_id: string }>(res);
  const ids = [...new Set(written.map((r) => r.product_id))];
  if (ids.length)
    await ctx.db.execute(sql`
      update products p set price_cents = m.price, updated_at = now()
      from (select product_id, min(price_cents) as price from product_variants
            where store_id = ${ctx.storeId} and product_id = any(${uuids(ids)}) group by product_id) m
      where p.id = m.product_id and p.store_id = ${ctx.storeId} and p.price_cents <> m.price`);
  return written.length;
}

/** Sets a copy's department and category (by name, created when new; null: none). */
export async function setProductTaxonomy(
  ctx: StoreDbContext,
  productId: string,
  taxonomy: { department: string; category: string } | null,
): Promise<void> {
  const tax = taxonomy ? await resolveTaxonomy(ctx, taxonomy.department, taxonomy.category) : null;
  await ctx.db
    .update(products)
    .set({ departmentId: tax?.dep.id ?? null, categoryId: tax?.cat.id ?? null, updatedAt: new Date() })
    .where(and(eq(products.storeId, ctx.storeId), eq(products.id, productId)));
  const lang = await getStoreLanguage(ctx);
  await ctx.db.execute(refreshSearchDocumentSql(ctx.storeId, textSearchConfig(lang), sql`p.id = ${productId}`));
}

/**
 * Removes a copy of ctx's store: deleted when it never sold, else archived with its stock mirrors at 0 (so a restore
 * from the catalogue never sells units nobody holds). Returns what was done.
 */
export async function removeProductCopy(ctx: StoreDbContext, productId: string): Promise<'deleted' | 'archived'> {
  const [p] = await ctx.db
    .select({ sold: products.soldCount })
    .from(products)
    .where(and(eq(products.storeId, ctx.storeId), eq(products.id, productId)))
    .for('update');
  if (!p) return 'deleted';
  if (p.sold === 0) {
    await ctx.db.delete(products).where(and(eq(products.storeId, ctx.storeId), eq(products.id, productId)));
    return 'deleted';
  }
  await ctx.db
    .update(productVariants)
    .set({ stock: 0 })
    .where(and(eq(productVariants.storeId, ctx.storeId), eq(productVariants.productId, productId)));
  await ctx.db
    .update(products)
    .set({ archivedAt: sql`coalesce(${products.archivedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(products.storeId, ctx.storeId), eq(products.id, productId)));
  return 'archived';
}

/**
 * Marks product `productId` of ctx's store as a copy of `sourceProductId` (a listing whose product was made another
 * way, as the demo seed makes them): from then on the product editor and the CSV import leave it to the listing.
 */
export async function markProductCopy(ctx: StoreDbContext, productId: string, sourceProductId: string): Promise<void> {
  await ctx.db
    .update(products)
    .set({ sourceProductId })
    .where(and(eq(products.storeId, ctx.storeId), eq(products.id, productId)));
}
