/**
 * The writes of a catalogue import (decisions 063, 064, 080, 112), inside the import's one transaction: a product the
 * store already has by Handle (or code) is updated, the others are created, variants are upserted by SKU and the
 * touched products' search documents refreshed. Every query is scoped by ctx.storeId.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { productVariants, products } from '../../db/schema/catalog.js';
import type { StoreContext } from '../../lib/context.js';
import type { UploadedFile } from '../../../shared/contracts/files.js';
import { getStoreLanguage, textSearchConfig } from '../stores/index.js';
import { newCode } from './admin-products.service.js';
import { resolveTaxonomy } from './taxonomy.js';
import { refreshSearchDocumentSql } from './search-document.js';
import { imageBase, type CsvProblem, type CsvProduct } from './shopify-csv.js';
import { industryOf, optionKey, shortDescriptionOf, taxonomyOf } from './shopify-csv-mappings.js';
import { rowsOf } from '../../db/rows.js';

type DbCtx = Pick<StoreContext, 'db' | 'storeId'>;
type Lang = 'es' | 'en';
type PhotoRef = { fileId: string; url: string };

/** Photos of a product's gallery, as the product form allows (decision 080: further Image Src URLs are left out). */
export const GALLERY_MAX = 12;

/** Images downloaded by an import, by URL as written in the file (decision 080). */
export type Downloaded = Map<string, UploadedFile>;

/** Thrown inside the write transaction to roll it back with the lines found bad against the store's data. */
export class BadLines extends Error {
  constructor(readonly problems: CsvProblem[]) {
    super('bad lines');
  }
}

/** Every image URL base the store's products already use (the only image URLs an import keeps; decision 064). */
export async function storeImageBases(ctx: DbCtx): Promise<Set<string>> {
  const rows = await ctx.db.execute<{ url: string }>(sql`
    select image_url as url from products where store_id = ${ctx.storeId} and image_url is not null
    union select image_url from product_variants where store_id = ${ctx.storeId} and image_url is not null
    union select ph->>'url' from products p, jsonb_array_elements(p.photos) ph where p.store_id = ${ctx.storeId}`);
  return new Set(
    rowsOf<{ url: string }>(rows)
      .map((r) => r.url)
      .filter(Boolean),
  );
}

interface Existing {
  id: string;
  /** A dropshipping listing's product: a file may not change it (its content follows the supplier's). */
  isListing: boolean;
}

/** Throws BadLines when the file names a listing's product. */
function checkNotListings(items: CsvProduct[], byHandle: Map<string, Existing>): void {
  const problems: CsvProblem[] = items
    .filter((p) => byHandle.get(p.handle)?.isListing)
    .map((p) => ({ line: p.line, field: 'Handle', reason: 'product_is_listing' }));
  if (problems.length) throw new BadLines(problems);
}

/** The store's products the file names: by import handle, else by code (an exported file's handle is the code). */
async function productsByHandle(ctx: DbCtx, items: CsvProduct[]): Promise<Map<string, Existing>> {
  const { db, storeId } = ctx;
  const handles = items.map((p) => p.handle);
  const existing = await db
    .select({
      id: products.id,
      codigo: products.codigo,
      handle: products.importHandle,
      isListing: sql<boolean>`${products.sourceProductId} is not null`,
    })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        or(
          inArray(products.importHandle, handles),
          inArray(
            products.codigo,
            handles.map((h) => h.toUpperCase()),
          ),
        ),
      ),
    );
  const byHandle = new Map<string, Existing>();
  for (const e of existing) if (e.handle) byHandle.set(e.handle, e);
  for (const e of existing) if (!byHandle.has(e.codigo.toLowerCase())) byHandle.set(e.codigo.toLowerCase(), e);
  return byHandle;
}

/** A variant's SKU: the file's own, or made from the handle and position when a row has none. */
const skuOf = (p: CsvProduct, i: number) => p.variants[i]!.sku || `${p.handle}-${i + 1}`.slice(0, 60);

/** Throws BadLines when a SKU of the file belongs to another product of the store. */
async function checkSkuOwners(ctx: DbCtx, items: CsvProduct[], byHandle: Map<string, { id: string }>): Promise<void> {
  const { db, storeId } = ctx;
  const allSkus = items.flatMap((p) => p.variants.map((_, i) => skuOf(p, i)));
  const owners = new Map<string, string>();
  for (let i = 0; i < allSkus.length; i += 1000) {
    const found = await db
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.sku, allSkus.slice(i, i + 1000))));
    for (const f of found) owners.set(f.sku, f.productId);
  }
  const problems: CsvProblem[] = [];
  for (const p of items) {
    const own = byHandle.get(p.handle)?.id;
    p.variants.forEach((v, i) => {
      const owner = owners.get(skuOf(p, i));
      if (owner && owner !== own) problems.push({ line: v.line, field: 'Variant SKU', reason: 'sku_taken' });
    });
  }
  if (problems.length) throw new BadLines(problems);
}

/**
 * The image URL of a file's image (the store's own image, or the photo the import downloaded) and the product form's
 * gallery, cover and colour photos of a product, from the photos the import downloaded.
 */
function importImageRefs(known: Set<string>, downloaded: Downloaded) {
  /** The URL base of a file's image: the store's own image, or the photo the import downloaded. */
  const keepImage = (url: string | null): string | null => {
    if (!url) return null;
    const base = imageBase(url);
    if (base && known.has(base)) return base;
    return downloaded.get(url)?.url ?? null;
  };
  /** The product form's gallery, cover and colour photos, from the photos the import downloaded for `p`. */
  const photosOf = (p: CsvProduct) => {
    const refs = new Map<string, { fileId: string; url: string }>();
    for (const img of p.images.slice(0, GALLERY_MAX)) {
      const f = downloaded.get(img.url);
      if (f) refs.set(f.id, { fileId: f.id, url: f.url });
    }
    const colourPhotos: Record<string, { fileId: string; url: string }> = {};
    for (const v of p.variants) {
      const f = v.image ? downloaded.get(v.image) : undefined;
      const colour = v.options.find(([name]) => optionKey(name) === 'color')?.[1];
      if (f && colour && !colourPhotos[colour]) colourPhotos[colour] = { fileId: f.id, url: f.url };
    }
    const photos = [...refs.values()];
    return { photos, coverFileId: photos[0]?.fileId ?? null, colourPhotos };
  };
  return { keepImage, photosOf };
}

/** Departments and categories, once per pair, named in the store's language (decision 112); keyed by both names. */
async function resolveImportTaxonomy(
  ctx: DbCtx,
  items: CsvProduct[],
  byHandle: Map<string, { id: string }>,
  lang: Lang,
): Promise<Map<string, { depId: string; catId: string }>> {
  const taxonomy = new Map<string, { depId: string; catId: string }>();
  for (const p of items) {
    const { department, category, given } = taxonomyOf(p, lang);
    if (!given && byHandle.has(p.handle)) continue;
    const key = `${department}\u0000${category}`;
    if (taxonomy.has(key)) continue;
    const { dep, cat } = await resolveTaxonomy(ctx, department, category);
    taxonomy.set(key, { depId: dep.id, catId: cat.id });
  }
  return taxonomy;
}

/** The columns an import writes for a product of the file, and the ones kept from the product when the file has none. */
function importRowBuilder(deps: {
  lang: Lang;
  taxonomy: Map<string, { depId: string; catId: string }>;
  byHandle: Map<string, { id: string }>;
  keepImage: (url: string | null) => string | null;
  photosOf: (p: CsvProduct) => {
    photos: PhotoRef[];
    coverFileId: string | null;
    colourPhotos: Record<string, PhotoRef>;
  };
  now: Date;
}) {
  const { lang, taxonomy, byHandle, keepImage, photosOf, now } = deps;
  return (p: CsvProduct) => {
    const { department, category } = taxonomyOf(p, lang);
    const tax = taxonomy.get(`${department}\u0000${category}`);
    const prices = p.variants.map((v) => v.priceCents);
    const compare = Math.max(0, ...p.variants.map((v) => v.compareAtCents ?? 0));
    const grams = Math.max(0, ...p.variants.map((v) => v.grams ?? 0));
    const image = p.images.map((i) => keepImage(i.url)).find(Boolean) ?? null;
    const attributes: Record<string, string[]> = {};
    for (const v of p.variants)
      for (const [name, value] of v.options) {
        const list = (attributes[optionKey(name)] ??= []);
        if (!list.includes(value)) list.push(value);
      }
    const tags = p.tags ?? [...new Set([category, department].map((w) => w.toLowerCase().slice(0, 40)))];
    return {
      values: {
        name: p.title,
        shortDescription: shortDescriptionOf(p),
        description: p.description,
        brand: p.vendor || null,
        // An update keeps the product's industry and taxonomy when the file gives none.
        ...((p.industry || p.productCategory || !byHandle.has(p.handle)) && { industry: industryOf(p) }),
        ...(tax && { departmentId: tax.depId, categoryId: tax.catId }),
        priceCents: Math.min(...prices),
        compareAtCents: compare > Math.min(...prices) ? compare : null,
        ...(grams > 0 && { weightGrams: grams }),
        attributes,
        visible: p.visible,
        archivedAt: p.archived ? sql`coalesce(${products.archivedAt}, now())` : null,
        importHandle: p.handle,
        updatedAt: now,
      },
      // Kept from the product when the file has none (they are mandatory in Vitrina, optional in Shopify).
      usage: p.usage || p.seoDescription || shortDescriptionOf(p),
      keywords: tags,
      image,
      gallery: photosOf(p),
      hasOwnUsage: Boolean(p.usage || p.seoDescription),
      hasOwnKeywords: p.tags !== null,
    };
  };
}
type ImportRow = ReturnType<ReturnType<typeof importRowBuilder>>;

/** Creates the file's new products in batches of 200; records each one's id by handle. Returns how many. */
async function insertNewProducts(
  ctx: DbCtx,
  fresh: CsvProduct[],
  productRow: (p: CsvProduct) => ImportRow,
  now: Date,
  ids: Map<string, string>,
): Promise<number> {
  const { db, storeId } = ctx;
  let created = 0;
  for (let i = 0; i < fresh.length; i += 200) {
    const batch = fresh.slice(i, i + 200);
    const inserted = await db
      .insert(products)
      .values(
        batch.map((p) => {
          const row = productRow(p);
          const code = newCode();
          return {
            storeId,
            codigo: code,
            model: `MOD-${code}`,
            ...row.values,
            archivedAt: p.archived ? now : null,
            usage: row.usage.slice(0, 1000),
            keywords: row.keywords,
            ...row.gallery,
            imageUrl: row.gallery.photos[0]?.url ?? row.image,
          };
        }),
      )
      .returning({ id: products.id, handle: products.importHandle });
    for (const r of inserted) ids.set(r.handle!, r.id);
    created += inserted.length;
  }
  return created;
}

/** Updates the products the store already has; their variants the file no longer lists are removed. Returns how many. */
async function updateExistingProducts(
  ctx: DbCtx,
  items: CsvProduct[],
  byHandle: Map<string, { id: string }>,
  productRow: (p: CsvProduct) => ImportRow,
  ids: Map<string, string>,
): Promise<number> {
  const { db, storeId } = ctx;
  let updated = 0;
  for (const p of items) {
    const match = byHandle.get(p.handle);
    if (!match) continue;
    const row = productRow(p);
    await db
      .update(products)
      .set({
        ...row.values,
        ...(row.hasOwnUsage && { usage: row.usage.slice(0, 1000) }),
        ...(row.hasOwnKeywords && { keywords: row.keywords }),
        ...(row.image && { imageUrl: row.image }),
      })
      .where(and(eq(products.storeId, storeId), eq(products.id, match.id)));
    // Downloaded photos become the gallery of a product that has none (a gallery made in the form is kept).
    if (row.gallery.photos.length || Object.keys(row.gallery.colourPhotos).length)
      await db
        .update(products)
        .set({ ...row.gallery, ...(row.gallery.photos[0] && { imageUrl: row.gallery.photos[0].url }) })
        .where(
          and(
            eq(products.storeId, storeId),
            eq(products.id, match.id),
            sql`jsonb_array_length(${products.photos}) = 0`,
          ),
        );
    ids.set(p.handle, match.id);
    updated++;
    // Variants the file no longer lists are removed, as the product form does.
    const keep = p.variants.map((_, i) => skuOf(p, i));
    await db.execute(
      sql`delete from product_variants where store_id = ${storeId} and product_id = ${match.id} and not (sku = any(${sql.param(keep)}::text[]))`,
    );
  }
  return updated;
}

/** Inserts the file's variants, or updates them by SKU (a variant's photo is kept when the file has none). */
async function upsertVariants(
  ctx: DbCtx,
  items: CsvProduct[],
  ids: Map<string, string>,
  keepImage: (url: string | null) => string | null,
): Promise<void> {
  const { db, storeId } = ctx;
  const variantRows = items.flatMap((p) =>
    p.variants.map((v, i) => ({
      storeId,
      productId: ids.get(p.handle)!,
      sku: skuOf(p, i),
      barcode: v.barcode,
      options: Object.fromEntries(v.options.map(([name, value]) => [optionKey(name), value])),
      priceCents: v.priceCents,
      stock: v.stock,
      imageUrl: keepImage(v.image),
      position: i,
    })),
  );
  for (let i = 0; i < variantRows.length; i += 500)
    await db
      .insert(productVariants)
      .values(variantRows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [productVariants.storeId, productVariants.sku],
        set: {
          productId: sql`excluded.product_id`,
          barcode: sql`excluded.barcode`,
          options: sql`excluded.options`,
          priceCents: sql`excluded.price_cents`,
          stock: sql`excluded.stock`,
          imageUrl: sql`coalesce(excluded.image_url, ${productVariants.imageUrl})`,
          position: sql`excluded.position`,
        },
      });
}

/** The import's writes, inside its transaction: throws BadLines when a SKU belongs to another product. */
export async function writeImport(
  ctx: DbCtx,
  items: CsvProduct[],
  downloaded: Downloaded,
): Promise<{ created: number; updated: number; imagesSkipped: number }> {
  const { db, storeId } = ctx;
  // One import of a store at a time (parallel uploads of one file would otherwise race on the same handles).
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog-import:${storeId}`}))`);
  const byHandle = await productsByHandle(ctx, items);
  checkNotListings(items, byHandle);
  await checkSkuOwners(ctx, items, byHandle);

  const known = await storeImageBases(ctx);
  // Image Src URLs past the gallery's GALLERY_MAX photos (never downloaded).
  const skipped = new Set(items.flatMap((p) => p.images.slice(GALLERY_MAX).map((i) => i.url)));
  const { keepImage, photosOf } = importImageRefs(known, downloaded);
  const lang = await getStoreLanguage(ctx);
  const taxonomy = await resolveImportTaxonomy(ctx, items, byHandle, lang);
  const now = new Date();
  const productRow = importRowBuilder({ lang, taxonomy, byHandle, keepImage, photosOf, now });

  const ids = new Map<string, string>();
  const fresh = items.filter((p) => !byHandle.has(p.handle));
  const created = await insertNewProducts(ctx, fresh, productRow, now, ids);
  const updated = await updateExistingProducts(ctx, items, byHandle, productRow, ids);
  await upsertVariants(ctx, items, ids, keepImage);

  const touched = [...ids.values()];
  for (let i = 0; i < touched.length; i += 1000)
    await db.execute(
      refreshSearchDocumentSql(
        storeId,
        textSearchConfig(lang),
        sql`p.id = any(${sql.param(touched.slice(i, i + 1000))}::uuid[])`,
      ),
    );
  return { created, updated, imagesSkipped: skipped.size };
}
