/**
 * The seller's catalogue: create, read, update, list, archive and restore
 * products with their variants, and create departments and categories. Every query is scoped by ctx.storeId; money is
 * integer centavos. The storefront and its search follow every write at once: the database triggers on products and
 * product_variants publish on the change feed (db/change-feed.ts), which refreshes the search index (search-source.ts
 * reads only visible, non-archived rows) and drops cached answers; the columns they read (price_cents = lowest variant
 * price, image_url = cover, search_vector/search_name) are kept in step here, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { categories, departments, productVariants, products } from '../../db/schema/catalog.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type StoreContext, type StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import type { FieldError } from '../../../shared/errors.js';
import {
  ATTRIBUTE_KINDS,
  cubicMeters,
  suggestedSku,
  type AttributeKind,
  type AdminProduct,
  type AdminProductList,
  type ProductInputParsed,
} from '../../../shared/contracts/catalog-admin.js';
import { getStoreLanguage, textSearchConfig } from '../stores/index.js';
import { refreshSearchDocumentSql } from './search-document.js';
import { isKnownHsCode } from './hs-codes.js';
import { assertStoreFiles } from '../files/index.js';
import { assertCompanyProfileComplete } from '../company/index.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId' | 'locale'>;

/** URL slug of a department or category name: lower case, no accents, words joined by "-". */
export function slugify(name: string): string {
  const s = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return s || 'x';
}

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

/** The department and category of these names (created when new; same slug = same row). */
export async function resolveTaxonomy(ctx: StoreDbContext, department: string, category: string) {
  const { db, storeId } = ctx;
  const depSlug = slugify(department);
  const [dep] = await db
    .insert(departments)
    .values({ storeId, slug: depSlug, name: department })
    .onConflictDoUpdate({ target: [departments.storeId, departments.slug], set: { slug: depSlug } })
    .returning({ id: departments.id, name: departments.name, slug: departments.slug });
  const catSlug = slugify(category);
  const [cat] = await db
    .insert(categories)
    .values({ storeId, departmentId: dep.id, slug: catSlug, name: category })
    .onConflictDoUpdate({
      target: [categories.storeId, categories.departmentId, categories.slug],
      set: { slug: catSlug },
    })
    .returning({ id: categories.id, name: categories.name, slug: categories.slug });
  return { dep, cat };
}

/**
 * Creates a department and, when given, a category of it (POST /api/reseller/post_categoria_departamento). Existing
 * ones (same slug) are returned unchanged, so the call is idempotent.
 */
export async function createDepartmentCategory(
  ctx: StoreDbContext,
  input: { department: string; category?: string },
): Promise<{ department: { slug: string; name: string }; category: { slug: string; name: string } | null }> {
  return runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const depSlug = slugify(input.department);
    const [dep] = await c.db
      .insert(departments)
      .values({ storeId: ctx.storeId, slug: depSlug, name: input.department })
      .onConflictDoUpdate({ target: [departments.storeId, departments.slug], set: { slug: depSlug } })
      .returning({ id: departments.id, name: departments.name, slug: departments.slug });
    if (!input.category) return { department: { slug: dep.slug, name: dep.name }, category: null };
    const { cat } = await resolveTaxonomy(c, dep.name, input.category);
    return { department: { slug: dep.slug, name: dep.name }, category: { slug: cat.slug, name: cat.name } };
  });
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
    .select({ id: products.id, photos: products.photos })
    .from(products)
    .where(and(eq(products.storeId, ctx.storeId), eq(products.codigo, codigo)))
    .for('update');
  if (!row) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  return row;
}

/**
 * Replaces a product's fields and variants (PUT /api/admin/products/:codigo). Variants are matched by SKU (kept
 * rows keep their id, so orders and carts still point at them); variants left out are deleted. Throws
 * PRODUCT_NOT_FOUND (404, also for another store's code) and the create errors.
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

/** Option names of products made before the form (seed, imports) that are one of the form's attribute kinds. */
const KIND_ALIASES: Record<string, AttributeKind> = {
  color: 'color',
  colour: 'color',
  talla: 'size',
  size: 'size',
  tamaño: 'size',
  ancho: 'width',
  width: 'width',
  capacidad: 'capacity',
  capacity: 'capacity',
  tipo: 'type',
  type: 'type',
};
const kindOf = (name: string): string => KIND_ALIASES[name.toLowerCase()] ?? name;

/** One product of the store with everything the form edits (GET /api/admin/products/:codigo). PRODUCT_NOT_FOUND. */
export async function getAdminProduct(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  codigo: string,
): Promise<AdminProduct> {
  const [p] = await ctx.db
    .select({ product: products, department: departments.name, category: categories.name })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(and(eq(products.storeId, ctx.storeId), eq(products.codigo, codigo)))
    .limit(1);
  if (!p) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  const r = p.product;
  const variants = await ctx.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.storeId, ctx.storeId), eq(productVariants.productId, r.id)))
    .orderBy(asc(productVariants.position));
  const pk = r.packaging;
  const pu = r.purchase;
  // The form's attributes are the variants' option values (older products name them "talla" etc.); descriptive
  // attributes of older products (Material, Estilo…) are shown as technical data, where the form keeps them.
  const options = variants.map((v) =>
    Object.fromEntries(Object.entries(v.options).map(([k, val]) => [kindOf(k), val])),
  );
  const attributes: Record<string, string[]> = {};
  for (const o of options)
    for (const [k, val] of Object.entries(o)) {
      const list = (attributes[k] ??= []);
      if (!list.includes(val)) list.push(val);
    }
  const specifications = [...r.specifications];
  for (const [k, vals] of Object.entries(r.attributes))
    if (!(ATTRIBUTE_KINDS as readonly string[]).includes(kindOf(k)) && !specifications.some((s) => s.label === k))
      specifications.push({ label: k, value: vals.join(', ') });
  return {
    codigo: r.codigo,
    model: r.model ?? r.codigo,
    industry: r.industry,
    department: p.department ?? '',
    category: p.category ?? '',
    name: r.name,
    shortDescription: r.shortDescription,
    description: r.description,
    usage: r.usage,
    keywords: r.keywords,
    brand: r.brand ?? '',
    hsCode: r.hsCode ?? '',
    origin: r.origin ?? '',
    visible: r.visible,
    archived: r.archivedAt !== null,
    attributes,
    variants: variants.map((v, i) => ({
      options: options[i],
      sku: v.sku,
      barcode: v.barcode,
      priceCents: v.priceCents,
      stock: v.stock,
      image: v.imageUrl,
    })),
    dimensions: { lengthCm: r.lengthCm, widthCm: r.widthCm, heightCm: r.heightCm, weightGrams: r.weightGrams },
    specifications,
    packaging: {
      type: pk.type ?? 'cardboard_box',
      photo: pk.photo ?? null,
      piecesPerPackage: pk.piecesPerPackage ?? 1,
      internalPackaging: pk.internalPackaging ?? '',
      lengthCm: pk.lengthCm ?? r.lengthCm,
      widthCm: pk.widthCm ?? r.widthCm,
      heightCm: pk.heightCm ?? r.heightCm,
      cubicMeters:
        pk.cubicMeters ?? cubicMeters(pk.lengthCm ?? r.lengthCm, pk.widthCm ?? r.widthCm, pk.heightCm ?? r.heightCm),
      grossWeightGrams: pk.grossWeightGrams ?? r.weightGrams,
      netWeightGrams: pk.netWeightGrams ?? r.weightGrams,
    },
    purchase: {
      unitOfSale: pu.unitOfSale ?? 'pieza',
      minOrderQty: r.minOrderQty,
      quantityMin: pu.quantityMin ?? null,
      quantityMax: pu.quantityMax ?? null,
      deliveryDaysMin: pu.deliveryDaysMin ?? null,
      deliveryDaysMax: pu.deliveryDaysMax ?? null,
      sample: pu.sample ?? false,
      samplePriceCents: pu.samplePriceCents ?? null,
      paymentOptions: (pu.paymentOptions ?? []) as AdminProduct['purchase']['paymentOptions'],
      protections: (pu.protections ?? []) as AdminProduct['purchase']['protections'],
      customization: pu.customization ?? '',
      monthlyCapacity: pu.monthlyCapacity ?? null,
      containers: pu.containers ?? '',
    },
    pickup: {
      available: r.pickup.available ?? false,
      countryCode: r.pickup.countryCode ?? 'MX',
      postalCode: r.pickup.postalCode ?? '',
      address: r.pickup.address ?? '',
      notes: r.pickup.notes ?? '',
    },
    photos: r.photos,
    coverFileId: r.coverFileId,
    colourPhotos: r.colourPhotos,
    image: r.imageUrl,
    priceCents: r.priceCents,
    totalStock: variants.reduce((s, v) => s + v.stock, 0),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The seller's catalogue list (GET /api/admin/products): active or archived products, filtered by words (name, code,
 * model, SKU), stock (out = no variant with stock), visibility and department name; newest change first, paged.
 */
export async function listAdminProducts(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  q: {
    q?: string;
    status: 'active' | 'archived';
    stock: 'all' | 'out' | 'in';
    visibility: 'all' | 'visible' | 'hidden';
    department?: string;
    page: number;
    pageSize: number;
  },
): Promise<AdminProductList> {
  const inStock = sql<boolean>`exists (select 1 from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId} and v.stock > 0)`;
  const conds: (SQL | undefined)[] = [
    eq(products.storeId, ctx.storeId),
    q.status === 'archived' ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    q.stock === 'out' ? sql`not ${inStock}` : q.stock === 'in' ? inStock : undefined,
    q.visibility === 'visible'
      ? eq(products.visible, true)
      : q.visibility === 'hidden'
        ? eq(products.visible, false)
        : undefined,
    q.department ? eq(departments.name, q.department) : undefined,
  ];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conds.push(
      or(
        ilike(products.name, like),
        ilike(products.codigo, like),
        ilike(products.model, like),
        sql`exists (select 1 from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId} and v.sku ilike ${like})`,
      ),
    );
  }
  const where = and(...conds);
  const base = ctx.db
    .select({
      codigo: products.codigo,
      model: products.model,
      name: products.name,
      image: products.imageUrl,
      department: departments.name,
      category: categories.name,
      priceCents: products.priceCents,
      totalStock: sql<number>`(select coalesce(sum(v.stock), 0)::int from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId})`,
      variantCount: sql<number>`(select count(*)::int from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId})`,
      visible: products.visible,
      archivedAt: products.archivedAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)));
  const [rows, [count]] = await Promise.all([
    base
      .where(where)
      .orderBy(desc(products.updatedAt), asc(products.codigo))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      codigo: r.codigo,
      model: r.model ?? r.codigo,
      name: r.name,
      image: r.image,
      department: r.department,
      category: r.category,
      priceCents: r.priceCents,
      totalStock: Number(r.totalStock),
      variantCount: Number(r.variantCount),
      visible: r.visible,
      archived: r.archivedAt !== null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: count.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}
