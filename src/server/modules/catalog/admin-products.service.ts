/**
 * The seller's catalogue, written: create, update, archive and restore products with their variants (the reads are
 * admin-products-read.ts, departments and categories taxonomy.ts). Every query is scoped by ctx.storeId; money is
 * integer centavos. The storefront and its search follow every write at once: the database triggers on products and
 * product_variants publish on the change feed (db/change-feed.ts), which refreshes the search index (search-source.ts
 * reads only visible, non-archived rows) and drops cached answers; the columns they read (price_cents = lowest variant
 * price, image_url = cover, search_vector/search_name) are kept in step here, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ilike, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { productVariants, products } from '../../db/schema/catalog.js';
import { runTransaction } from '../../db/transaction.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import type { FieldError } from '../../../shared/errors.js';
import {
  ATTRIBUTE_KINDS,
  cubicMeters,
  suggestedSku,
  type AdminProduct,
  type ProductInputParsed,
} from '../../../shared/contracts/catalog-admin.js';
import { getStoreLanguage, textSearchConfig } from '../stores/index.js';
import { refreshSearchDocumentSql } from './search-document.js';
import { isKnownHsCode } from './hs-codes.js';
import { assertStoreFiles } from '../files/index.js';
import { assertCompanyProfileComplete } from '../company/index.js';
import { resolveTaxonomy } from './taxonomy.js';
import { getAdminProduct } from './admin-products-read.js';

// The routes call the catalogue's reads and the taxonomy's create through this file too.
export { createDepartmentCategory, resolveTaxonomy, slugify } from './taxonomy.js';
export { getAdminProduct, listAdminProducts } from './admin-products-read.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId' | 'locale'>;

function fieldErrors(ctx: Ctx, list: { path: string; code: string }[]): AppError {
  const t = translator(ctx.locale);
  const fields: FieldError[] = list.map((f) => ({ ...f, message: t(`errors:fields.${f.code}`) }));
  return new AppError('VALIDATION_FAILED', {}, fields);
}

/** A new product code (decision 043): 10 characters of Crockford-like base32. */
export function newCode(): string {
  // 10 characters of Crockford-like base32 (no I, L, O, U): unambiguous when read aloud or typed.
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return [...randomBytes(10)].map((b) => alphabet[b % 32]).join('');
}

/**
 * "A seller must complete company information before uploading products": called before every
 * product create. Throws 422 COMPANY_PROFILE_INCOMPLETE naming what is missing (decision 115).
 */
async function assertCanCreateProducts(ctx: Ctx): Promise<void> {
  await assertCompanyProfileComplete(ctx);
}

/**
 * Checks that every photo is an upload of this store made for its use (files module's assertStoreFiles: gallery and
 * colour photos are product_photo or colour_photo uploads, the packaging photo a packaging_photo one) and takes each
 * URL from the stored file, never from the request. Throws FILE_REFERENCE_INVALID (422).
 */
async function withStoreFiles(ctx: Ctx, input: ProductInputParsed): Promise<ProductInputParsed> {
  const photoPurposes = ['product_photo', 'colour_photo'] as const;
  const photoIds = [...input.photos.map((f) => f.fileId), ...Object.values(input.colourPhotos).map((f) => f.fileId)];
  const photos = photoIds.length ? await assertStoreFiles(ctx, photoIds, photoPurposes) : new Map();
  const pkPhoto = input.packaging.photo;
  const pk = pkPhoto ? await assertStoreFiles(ctx, [pkPhoto.fileId], ['packaging_photo']) : new Map();
  const ref = (m: Map<string, { url: string }>, f: { fileId: string }) => ({
    fileId: f.fileId,
    url: m.get(f.fileId)!.url,
  });
  return {
    ...input,
    photos: input.photos.map((f) => ref(photos, f)),
    colourPhotos: Object.fromEntries(Object.entries(input.colourPhotos).map(([c, f]) => [c, ref(photos, f)])),
    packaging: { ...input.packaging, photo: pkPhoto ? ref(pk, pkPhoto) : null },
  };
}

function productValues(input: ProductInputParsed, departmentId: string, categoryId: string) {
  const pk = input.packaging;
  const cover =
    input.photos.find((f) => f.fileId === input.coverFileId) ?? input.photos[0] ?? Object.values(input.colourPhotos)[0];
  const attributes: Record<string, string[]> = {};
  for (const k of ATTRIBUTE_KINDS) if (input.attributes[k]?.length) attributes[k] = input.attributes[k]!;
  return {
    industry: input.industry,
    name: input.name,
    shortDescription: input.shortDescription,
    description: input.description,
    usage: input.usage,
    keywords: input.keywords,
    brand: input.brand || null,
    hsCode: input.hsCode || null,
    origin: input.origin || null,
    departmentId,
    categoryId,
    priceCents: Math.min(...input.variants.map((v) => v.priceCents)),
    minOrderQty: input.purchase.minOrderQty,
    weightGrams: input.dimensions.weightGrams,
    lengthCm: input.dimensions.lengthCm,
    widthCm: input.dimensions.widthCm,
    heightCm: input.dimensions.heightCm,
    packaging: { ...pk, cubicMeters: cubicMeters(pk.lengthCm, pk.widthCm, pk.heightCm) },
    purchase: input.purchase,
    pickup: input.pickup,
    attributes,
    specifications: input.specifications,
    photos: input.photos,
    coverFileId: cover?.fileId ?? null,
    imageUrl: cover?.url ?? null,
    colourPhotos: input.colourPhotos,
    visible: input.visible,
    updatedAt: new Date(),
  };
}

async function checkAgainstStore(ctx: Ctx, input: ProductInputParsed, productId: string | null) {
  const problems: { path: string; code: string }[] = [];
  if (input.hsCode && !isKnownHsCode(input.hsCode)) problems.push({ path: 'hsCode', code: 'unknown_hs_code' });
  const skus = input.variants.map((v) => v.sku);
  const taken = await ctx.db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.storeId, ctx.storeId),
        inArray(productVariants.sku, skus),
        productId ? ne(productVariants.productId, productId) : undefined,
      ),
    );
  const takenSet = new Set(taken.map((r) => r.sku));
  input.variants.forEach((v, i) => {
    if (takenSet.has(v.sku)) problems.push({ path: `variants.${i}.sku`, code: 'sku_taken' });
  });
  if (problems.length) throw fieldErrors(ctx, problems);
}

function variantImage(input: ProductInputParsed, options: Record<string, string | undefined>): string | null {
  const colour = options.color;
  return (colour && input.colourPhotos[colour]?.url) || null;
}

async function refreshSearch(ctx: Ctx, productId: string) {
  const lang = await getStoreLanguage(ctx);
  await ctx.db.execute(refreshSearchDocumentSql(ctx.storeId, textSearchConfig(lang), sql`p.id = ${productId}`));
}

/**
 * Fills the SKUs the seller left empty (`suggestedSku`: name, then option values). On an edit, a variant whose options
 * match one of the product's variants keeps that variant's SKU. A made SKU is unique in the store: "-2", "-3"… are
 * appended while another variant (of this input, or of another product) has it. Call inside the write's transaction;
 * a parallel write that takes the same SKU first loses on the unique index (skuRace).
 */
async function fillMissingSkus(
  ctx: Ctx,
  input: ProductInputParsed,
  productId: string | null,
): Promise<ProductInputParsed> {
  if (input.variants.every((v) => v.sku)) return input;
  const key = (o: Record<string, string | undefined>) => JSON.stringify(ATTRIBUTE_KINDS.map((k) => o[k] ?? ''));
  const own = productId
    ? await ctx.db
        .select({ sku: productVariants.sku, options: productVariants.options })
        .from(productVariants)
        .where(and(eq(productVariants.storeId, ctx.storeId), eq(productVariants.productId, productId)))
    : [];
  const ownByOptions = new Map(own.map((v) => [key(v.options), v.sku]));
  const used = new Set(input.variants.map((v) => v.sku.toUpperCase()).filter(Boolean));
  const bases = [...new Set(input.variants.filter((v) => !v.sku).map((v) => suggestedSku(input.name, v.options)))];
  const taken = await ctx.db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.storeId, ctx.storeId),
        or(...bases.map((b) => ilike(productVariants.sku, `${b}%`))),
        productId ? ne(productVariants.productId, productId) : undefined,
      ),
    );
  for (const t of taken) used.add(t.sku.toUpperCase());
  const variants = input.variants.map((v) => {
    if (v.sku) return v;
    const kept = ownByOptions.get(key(v.options));
    if (kept && !used.has(kept.toUpperCase())) {
      used.add(kept.toUpperCase());
      return { ...v, sku: kept };
    }
    const base = suggestedSku(input.name, v.options);
    let made = base;
    for (let n = 2; used.has(made.toUpperCase()); n++) made = `${base}-${n}`;
    used.add(made.toUpperCase());
    return { ...v, sku: made };
  });
  return { ...input, variants };
}

/** A lost race on the store's unique SKU index (20 parallel creates with one SKU): one wins, the rest get this. */
function skuRace(ctx: Ctx, err: unknown): never {
  if (err instanceof AppError && err.code === 'CONFLICT')
    throw fieldErrors(ctx, [{ path: 'variants', code: 'sku_taken' }]);
  throw err;
}

/**
 * Creates a product with its variants (POST /api/admin/products). The code (`catalogo_id`) and the model are
 * generated, and so is the SKU of a variant sent without one (a product without options included). Throws VALIDATION_FAILED (400) with field errors for an unknown HS code or a SKU already used in the
 * store (also when a parallel request wins the race).
 */
export async function createAdminProduct(ctx: Ctx, input: ProductInputParsed): Promise<AdminProduct> {
  await assertCanCreateProducts(ctx);
  input = await withStoreFiles(ctx, input);
  const codigo = await runTransaction(ctx.db, async (tx) => {
    const c = { ...ctx, db: tx };
    input = await fillMissingSkus(c, input, null);
    await checkAgainstStore(c, input, null);
    const { dep, cat } = await resolveTaxonomy(c, input.department, input.category);
    const code = newCode();
    const [p] = await tx
      .insert(products)
      .values({ storeId: ctx.storeId, codigo: code, model: `MOD-${code}`, ...productValues(input, dep.id, cat.id) })
      .returning({ id: products.id });
    await tx.insert(productVariants).values(
      input.variants.map((v, i) => ({
        storeId: ctx.storeId,
        productId: p.id,
        sku: v.sku,
        barcode: v.barcode,
        options: v.options as Record<string, string>,
        priceCents: v.priceCents,
        stock: v.stock,
        imageUrl: variantImage(input, v.options),
        position: i,
      })),
    );
    await refreshSearch(c, p.id);
    return code;
  }).catch((err) => skuRace(ctx, err));
  return getAdminProduct(ctx, codigo);
}

async function lockProduct(ctx: Ctx, codigo: string): Promise<{ id: string; photos: unknown[] }> {
  const [row] = await ctx.db
    .select({ id: products.id, photos: products.photos, sourceProductId: products.sourceProductId })
    .from(products)
    .where(and(eq(products.storeId, ctx.storeId), eq(products.codigo, codigo)))
    .for('update');
  if (!row) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  // A listing's content, variants and stock follow the supplier's product; its prices are set in Dropshipping,
  // where the floor is checked (decision 139).
  if (row.sourceProductId) throw new AppError('PRODUCT_IS_LISTING', { codigo });
  return row;
}

/**
 * Replaces a product's fields and variants (PUT /api/admin/products/:codigo). Variants are matched by SKU (kept
 * rows keep their id, so orders and carts still point at them); variants left out are deleted. Throws
 * PRODUCT_NOT_FOUND (404, also for another store's code), PRODUCT_IS_LISTING (409, a dropshipping listing's product)
 * and the create errors.
 */
export async function updateAdminProduct(ctx: Ctx, codigo: string, input: ProductInputParsed): Promise<AdminProduct> {
  input = await withStoreFiles(ctx, input);
  await runTransaction(ctx.db, async (tx) => {
    const c = { ...ctx, db: tx };
    const { id, photos } = await lockProduct(c, codigo);
    input = await fillMissingSkus(c, input, id);
    await checkAgainstStore(c, input, id);
    const { dep, cat } = await resolveTaxonomy(c, input.department, input.category);
    const values = productValues(input, dep.id, cat.id);
    // A product made before the gallery (seed, import) keeps its image until the seller uploads photos.
    const keepImage = photos.length === 0 && values.imageUrl === null;
    await tx
      .update(products)
      .set(keepImage ? { ...values, imageUrl: undefined } : values)
      .where(and(eq(products.storeId, ctx.storeId), eq(products.id, id)));
    const skus = input.variants.map((v) => v.sku);
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.storeId, ctx.storeId),
          eq(productVariants.productId, id),
          notInArray(productVariants.sku, skus),
        ),
      );
    for (const [i, v] of input.variants.entries()) {
      const values = {
        barcode: v.barcode,
        options: v.options as Record<string, string>,
        priceCents: v.priceCents,
        stock: v.stock,
        imageUrl: variantImage(input, v.options),
        position: i,
      };
      const updated = await tx
        .update(productVariants)
        .set(values)
        .where(
          and(
            eq(productVariants.storeId, ctx.storeId),
            eq(productVariants.productId, id),
            eq(productVariants.sku, v.sku),
          ),
        )
        .returning({ id: productVariants.id });
      if (!updated.length)
        await tx.insert(productVariants).values({ storeId: ctx.storeId, productId: id, sku: v.sku, ...values });
    }
    await refreshSearch(c, id);
  }).catch((err) => skuRace(ctx, err));
  return getAdminProduct(ctx, codigo);
}

/**
 * Archives or restores a product (POST /api/admin/products/:codigo/archive | /restore). An archived product leaves the
 * storefront and its search at once and stays in the archived list. Idempotent. Throws PRODUCT_NOT_FOUND.
 */
export async function setProductArchived(ctx: Ctx, codigo: string, archived: boolean): Promise<AdminProduct> {
  const rows = await ctx.db
    .update(products)
    .set({ archivedAt: archived ? sql`coalesce(${products.archivedAt}, now())` : null, updatedAt: new Date() })
    .where(and(eq(products.storeId, ctx.storeId), eq(products.codigo, codigo)))
    .returning({ id: products.id });
  if (!rows.length) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  return getAdminProduct(ctx, codigo);
}
