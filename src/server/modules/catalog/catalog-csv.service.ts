/**
 * Catalogue import and export in Shopify's product CSV format (decisions 063, 064), run as
 * background jobs with a progress the admin polls (GET /api/admin/jobs/:id).
 *
 * Import: the upload is checked (size, CSV header, the company profile) and kept with its job; the job reads every row
 * first and reports each bad line (`{ at: line, code: 'CSV_ROW_INVALID', params: { field, reason } }`); only when no
 * line is bad does it write every product in ONE transaction, so a file is imported whole or not at all. A product
 * whose Handle (or code) the store already has is updated; the others are created. Export: a job writes every product
 * of the store (archived ones with Status "archived"), all variants, as a file the seller downloads; importing that
 * file gives the same catalogue back. Every query is scoped by ctx.storeId.
 */
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { catalogCsvTransfers, categories, departments, productVariants, products } from '../../db/schema/catalog.js';
import { rowsOf } from '../../db/rows.js';
import { runTransaction } from '../../db/transaction.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { createJobProgress, enqueue, getJobProgress, updateJobProgress } from '../../jobs/index.js';
import {
  CSV_MAX_BYTES,
  CSV_MAX_IMAGES,
  type CsvJobResult,
  type CsvJobStarted,
} from '../../../shared/contracts/catalog-csv.js';
import type { UploadedFile } from '../../../shared/contracts/files.js';
import { INDUSTRIES } from '../../../shared/contracts/catalog-admin.js';
import { getStoreLanguage, listDomains, textSearchConfig } from '../stores/index.js';
import { publicOrigin } from '../../lib/public-url.js';
import { assertCompanyProfileComplete } from '../company/index.js';
import { newCode, resolveTaxonomy } from './admin-products.service.js';
import { refreshSearchDocumentSql } from './search-document.js';
import { importImages } from './import-images.js';
import { localiseShopifyCategory } from './shopify-taxonomy.js';
import { optionKind, type OptionKind } from '../../../shared/option-labels.js';
import { discardStagedFiles, keepStagedFiles } from '../files/index.js';
import {
  META_COLUMNS,
  centsToPrice,
  imageBase,
  missingColumns,
  readHeader,
  readShopifyCsv,
  textToHtml,
  writeCsv,
  type CsvProblem,
  type CsvProduct,
  type ExportRow,
} from './shopify-csv.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId' | 'locale'>;
type DbCtx = Pick<StoreContext, 'db' | 'storeId'>;
type JobCtx = Pick<StoreContext, 'db' | 'storeId' | 'providers'>;
type ExportCtx = Pick<StoreContext, 'db' | 'storeId' | 'config'>;

/** Photos of a product's gallery, as the product form allows (decision 080: further Image Src URLs are left out). */
const GALLERY_MAX = 12;

/** Images downloaded by an import, by URL as written in the file (decision 080). */
type Downloaded = Map<string, UploadedFile>;

export const CSV_IMPORT_JOB = 'catalog-import';
export const CSV_EXPORT_JOB = 'catalog-export';
export interface CsvImportPayload {
  storeId: string;
  jobId: string;
}
export interface CsvExportPayload {
  storeId: string;
  jobId: string;
}

/** The export's option names for the attribute kinds: Shopify's own (English) ones, which its import recognises. */
const KIND_NAMES: Record<OptionKind, string> = {
  color: 'Color',
  size: 'Size',
  width: 'Width',
  capacity: 'Capacity',
  type: 'Type',
};

/** Shopify's top-level product categories → Vitrina's industries (decision 063). */
const INDUSTRY_BY_CATEGORY: [RegExp, (typeof INDUSTRIES)[number]][] = [
  [/^apparel|^clothing|^ropa/i, 'apparel'],
  [/shoe|footwear|calzado/i, 'footwear'],
  [/^furniture|^muebles/i, 'furniture'],
  [/^home|^hogar|kitchen/i, 'home'],
  [/^electronics|^electr/i, 'electronics'],
  [/^food|^alimentos/i, 'food'],
  [/beauty|health|belleza/i, 'beauty'],
  [/^toys|juguetes/i, 'toys'],
  [/^sporting|^sports|deporte/i, 'sports'],
  [/^hardware|construc/i, 'construction'],
  [/^vehicles|automo/i, 'automotive'],
  [/^business|industrial/i, 'industrial'],
];

/** Throws CSV_TOO_LARGE (413), FILE_REQUIRED (400), CSV_INVALID (422), CSV_MISSING_COLUMNS (422). */
function checkUpload(data: Buffer): void {
  if (data.length === 0) throw new AppError('FILE_REQUIRED');
  if (data.length > CSV_MAX_BYTES) throw new AppError('CSV_TOO_LARGE', { maxMb: CSV_MAX_BYTES / 1024 / 1024 });
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AppError('CSV_INVALID');
  }
  // A NUL byte is never in a text CSV (and PostgreSQL text cannot hold it).
  if (data.includes(0)) throw new AppError('CSV_INVALID');
  const header = readHeader(data);
  if (!header || header.length < 2) throw new AppError('CSV_INVALID');
  const missing = missingColumns(header);
  if (missing.length) throw new AppError('CSV_MISSING_COLUMNS', { columns: missing.join(', ') });
}

/**
 * Starts an import of a Shopify product CSV (POST /api/admin/products/import): checks the company profile
 * (COMPANY_PROFILE_INCOMPLETE, 422), the size (≤ 5 MB, CSV_TOO_LARGE 413), UTF-8 and the header (CSV_INVALID,
 * CSV_MISSING_COLUMNS 422), then keeps the file and enqueues its job in one transaction. Returns the job id.
 */
export async function requestCsvImport(ctx: Ctx, input: { data: Buffer; fileName: string }): Promise<CsvJobStarted> {
  await assertCompanyProfileComplete(ctx);
  checkUpload(input.data);
  const jobId = await runTransaction(ctx.db, async (tx) => {
    const id = await createJobProgress(tx, ctx.storeId, CSV_IMPORT_JOB);
    await tx.insert(catalogCsvTransfers).values({
      id,
      storeId: ctx.storeId,
      kind: 'import',
      fileName: input.fileName.replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 120),
      content: input.data.toString('utf8'),
    });
    const queueJobId = await enqueue(tx, CSV_IMPORT_JOB, { storeId: ctx.storeId, jobId: id } as CsvImportPayload);
    if (queueJobId) await updateJobProgress(tx, ctx.storeId, id, { queueJobId });
    return id;
  });
  return { jobId };
}

/**
 * Starts an export of every product of the store (POST /api/admin/products/export). Returns the job id. The file's
 * links are built by the job from the store's own domain (storeLinkOrigin), never from the request's host.
 */
export async function requestCsvExport(ctx: DbCtx): Promise<CsvJobStarted> {
  const jobId = await runTransaction(ctx.db, async (tx) => {
    const id = await createJobProgress(tx, ctx.storeId, CSV_EXPORT_JOB);
    await tx.insert(catalogCsvTransfers).values({ id, storeId: ctx.storeId, kind: 'export' });
    const payload: CsvExportPayload = { storeId: ctx.storeId, jobId: id };
    const queueJobId = await enqueue(tx, CSV_EXPORT_JOB, payload);
    if (queueJobId) await updateJobProgress(tx, ctx.storeId, id, { queueJobId });
    return id;
  });
  return { jobId };
}

async function loadTransfer(ctx: DbCtx, jobId: string) {
  const [row] = await ctx.db
    .select()
    .from(catalogCsvTransfers)
    .where(and(eq(catalogCsvTransfers.storeId, ctx.storeId), eq(catalogCsvTransfers.id, jobId)))
    .limit(1);
  if (!row) throw new AppError('JOB_NOT_FOUND');
  return row;
}

/** What an import or export did (GET /api/admin/jobs/:id/csv-result). JOB_NOT_FOUND for another store's job. */
export async function getCsvJobResult(ctx: DbCtx, jobId: string): Promise<CsvJobResult> {
  const row = await loadTransfer(ctx, jobId);
  return {
    jobId: row.id,
    kind: row.kind,
    fileName: row.fileName,
    created: row.created,
    updated: row.updated,
    imagesSkipped: row.imagesSkipped,
    products: row.products,
    ready: row.kind === 'export' && row.content !== null,
  };
}

/**
 * The file an export produced (GET /api/admin/jobs/:id/csv). JOB_NOT_FOUND for another store's job or an import;
 * CSV_NOT_READY (409) while the job has not finished.
 */
export async function getCsvExportFile(ctx: DbCtx, jobId: string): Promise<{ fileName: string; content: string }> {
  const row = await loadTransfer(ctx, jobId);
  if (row.kind !== 'export') throw new AppError('JOB_NOT_FOUND');
  if (row.content === null) throw new AppError('CSV_NOT_READY');
  return { fileName: row.fileName, content: row.content };
}

/** Thrown inside the write transaction to roll it back with the lines found bad against the store's data. */
class BadLines extends Error {
  constructor(readonly problems: CsvProblem[]) {
    super('bad lines');
  }
}

const asProgressErrors = (problems: CsvProblem[]) =>
  problems
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map((p) => ({
      ...(p.line !== undefined && { at: p.line }),
      code: 'CSV_ROW_INVALID',
      params: { field: p.field, reason: p.reason, ...(p.value !== undefined && { value: p.value }) },
    }));

function industryOf(p: CsvProduct): (typeof INDUSTRIES)[number] {
  if ((INDUSTRIES as readonly string[]).includes(p.industry)) return p.industry as (typeof INDUSTRIES)[number];
  const known = localiseShopifyCategory(p.productCategory, 'en').industry;
  if (known) return known;
  const top = p.productCategory.split('>')[0]!.trim();
  return INDUSTRY_BY_CATEGORY.find(([re]) => re.test(top))?.[1] ?? 'other';
}

/**
 * Department and category names of an imported product (decisions 063, 112): Vitrina's own department column, else
 * Shopify's Product Category's vertical in the store's language; the seller's Type (in their own language) for the
 * category, else the category's second level in the store's language.
 */
function taxonomyOf(p: CsvProduct, lang: 'es' | 'en'): { department: string; category: string; given: boolean } {
  const path = localiseShopifyCategory(p.productCategory, lang);
  const department = (p.department || path.department || 'General').slice(0, 80);
  const category = (p.type || path.category || department).slice(0, 80);
  return { department, category, given: Boolean(p.department || path.department || p.type) };
}

function shortDescriptionOf(p: CsvProduct): string {
  if (p.shortDescription) return p.shortDescription;
  const text = (p.description || p.seoDescription).replace(/\s+/g, ' ').trim();
  if (!text) return p.title;
  if (text.length <= 300) return text;
  const cut = text.slice(0, 299);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 200))}…`;
}

/** The option key stored on a variant for a file's option name: its attribute kind, else the name in lower case. */
const optionKey = (name: string) => optionKind(name) ?? name.toLowerCase();

/**
 * Runs an import job (job `catalog-import`): reads the whole file, downloads every image URL it names (decision 080;
 * `allowedAddresses`: IMPORT_IMAGE_ALLOWED_ADDRESSES), reports bad lines (a row, or an image that could not be
 * downloaded or is not a valid product photo) and imports nothing, or writes every product in one transaction. Safe
 * to run again: a finished job is left as it is; a run that failed before its commit wrote nothing to the catalogue.
 * The photos it stores are staged (decision 087): the commit keeps those the catalogue now uses; the others, and all
 * of a run that fails (bad lines, an error, or a crash found by the next attempt or the hourly sweep), are deleted.
 */
export async function runCsvImport(
  ctx: JobCtx,
  jobId: string,
  opts: { allowedAddresses: readonly string[] } = { allowedAddresses: [] },
): Promise<{ created: number; updated: number }> {
  const progress = await getJobProgress(ctx, jobId);
  const transfer = await loadTransfer(ctx, jobId);
  const owner = importStagingOwner(jobId);
  // Photos a previous attempt stored and never committed (it crashed or timed out) go first.
  await discardStagedFiles(ctx, owner);
  if (progress.status === 'completed' || progress.status === 'failed' || transfer.content === null)
    return { created: transfer.created, updated: transfer.updated };
  try {
    return await importOnce(ctx, jobId, owner, transfer.content, opts);
  } catch (err) {
    // Retried (or failed for good by the job): this attempt's photos are not kept.
    await discardStagedFiles(ctx, owner).catch(() => {});
    throw err;
  }
}

/** The staging owner of an import's photos (decision 087). */
const importStagingOwner = (jobId: string) => `${CSV_IMPORT_JOB}:${jobId}`;

async function importOnce(
  ctx: JobCtx,
  jobId: string,
  owner: string,
  content: string,
  opts: { allowedAddresses: readonly string[] },
): Promise<{ created: number; updated: number }> {
  await updateJobProgress(ctx.db, ctx.storeId, jobId, { status: 'running' });
  const fail = async (problems: CsvProblem[], done = 0) => {
    await discardStagedFiles(ctx, owner);
    await updateJobProgress(ctx.db, ctx.storeId, jobId, {
      status: 'failed',
      done,
      errors: asProgressErrors(problems),
    });
    await ctx.db
      .update(catalogCsvTransfers)
      .set({ content: null })
      .where(and(eq(catalogCsvTransfers.storeId, ctx.storeId), eq(catalogCsvTransfers.id, jobId)));
    return { created: 0, updated: 0 };
  };

  const data = Buffer.from(content, 'utf8');
  const { products: items, problems, rows } = readShopifyCsv(data);
  // Units: every row read, then every image downloaded, then every product written.
  let total = rows + items.length;
  await updateJobProgress(ctx.db, ctx.storeId, jobId, { total, done: problems.length ? 0 : rows });
  if (problems.length) return fail(problems);
  try {
    await assertCompanyProfileComplete({ ...ctx, locale: 'es' });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // The reason travels with the failure, so the import screen can say what is missing.
    const missing = err.params.missing;
    await updateJobProgress(ctx.db, ctx.storeId, jobId, {
      status: 'failed',
      errors: [{ code: 'COMPANY_PROFILE_INCOMPLETE', ...(typeof missing === 'string' && { params: { missing } }) }],
    });
    return { created: 0, updated: 0 };
  }

  // Images by URL: each distinct one downloaded once, before the transaction (decision 080).
  const known = await storeImageBases(ctx);
  const withPhotos = await handlesWithPhotos(ctx, items);
  const uses = imageUses(items, known, withPhotos);
  if (uses.size > CSV_MAX_IMAGES) return fail([{ field: 'Image Src', reason: 'too_many_images' }], rows);
  total += uses.size;
  await updateJobProgress(ctx.db, ctx.storeId, jobId, { total, done: rows });
  const fetched = await importImages(ctx, [...uses.keys()], {
    allowedAddresses: opts.allowedAddresses,
    stagedFor: owner,
    onDone: async (n) => {
      if (n % 5 === 0 || n === uses.size) await updateJobProgress(ctx.db, ctx.storeId, jobId, { done: rows + n });
    },
  });
  const downloaded: Downloaded = new Map();
  const imageProblems: CsvProblem[] = [];
  for (const [url, got] of fetched) {
    if ('id' in got) downloaded.set(url, got);
    else for (const use of uses.get(url)!) imageProblems.push({ ...use, reason: got.reason });
  }
  if (imageProblems.length) return fail(imageProblems, rows + uses.size);

  let result: { created: number; updated: number; imagesSkipped: number };
  try {
    result = await runTransaction(ctx.db, async (tx) => {
      const txCtx = { db: tx, storeId: ctx.storeId };
      const written = await writeImport(txCtx, items, downloaded);
      // The downloaded photos are kept, in the same transaction (decision 087): an import downloads only the photos
      // its products use (imageUses), so no scan of the store's rows is needed while the transaction holds its locks.
      await keepStagedFiles(txCtx, owner, [...new Set([...downloaded.values()].map((f) => f.id))]);
      return written;
    });
  } catch (err) {
    if (err instanceof BadLines) return fail(err.problems, rows + uses.size);
    throw err;
  }
  // Whatever this run staged and did not keep (normally nothing).
  await discardStagedFiles(ctx, owner);
  await ctx.db
    .update(catalogCsvTransfers)
    .set({ content: null, created: result.created, updated: result.updated, imagesSkipped: result.imagesSkipped })
    .where(and(eq(catalogCsvTransfers.storeId, ctx.storeId), eq(catalogCsvTransfers.id, jobId)));
  await updateJobProgress(ctx.db, ctx.storeId, jobId, { status: 'completed', total, done: total });
  return { created: result.created, updated: result.updated };
}

/** Handles of the file whose product already exists with a gallery: its photos are kept (decision 080). */
async function handlesWithPhotos(ctx: DbCtx, items: CsvProduct[]): Promise<Set<string>> {
  const handles = items.map((p) => p.handle);
  const found = new Set<string>();
  for (let i = 0; i < handles.length; i += 1000) {
    const part = handles.slice(i, i + 1000);
    const rows = await ctx.db
      .select({ codigo: products.codigo, handle: products.importHandle })
      .from(products)
      .where(
        and(
          eq(products.storeId, ctx.storeId),
          sql`jsonb_array_length(${products.photos}) > 0`,
          or(
            inArray(products.importHandle, part),
            inArray(
              products.codigo,
              part.map((h) => h.toUpperCase()),
            ),
          ),
        ),
      );
    for (const r of rows) {
      if (r.handle) found.add(r.handle);
      found.add(r.codigo.toLowerCase());
    }
  }
  return found;
}

/**
 * The image URLs an import downloads, each with the lines and columns naming it: a product's first GALLERY_MAX
 * Image Src URLs and its Variant Image URLs, except the store's own images (kept by their path, decision 064) and the
 * images of products whose gallery is kept.
 */
function imageUses(
  items: CsvProduct[],
  known: Set<string>,
  withPhotos: Set<string>,
): Map<string, Omit<CsvProblem, 'reason'>[]> {
  const uses = new Map<string, Omit<CsvProblem, 'reason'>[]>();
  const add = (url: string, line: number, field: string) => {
    const base = imageBase(url);
    if (base && known.has(base)) return;
    const list = uses.get(url) ?? [];
    if (!list.some((u) => u.line === line && u.field === field)) list.push({ line, field });
    uses.set(url, list);
  };
  for (const p of items) {
    if (withPhotos.has(p.handle)) continue;
    for (const img of p.images.slice(0, GALLERY_MAX)) add(img.url, img.line, 'Image Src');
    for (const v of p.variants) if (v.image) add(v.image, v.line, 'Variant Image');
  }
  return uses;
}

/** Every image URL base the store's products already use (the only image URLs an import keeps; decision 064). */
async function storeImageBases(ctx: DbCtx): Promise<Set<string>> {
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

/** The import's writes, inside its transaction: throws BadLines when a SKU belongs to another product. */
async function writeImport(
  ctx: DbCtx,
  items: CsvProduct[],
  downloaded: Downloaded,
): Promise<{ created: number; updated: number; imagesSkipped: number }> {
  const { db, storeId } = ctx;
  // One import of a store at a time (parallel uploads of one file would otherwise race on the same handles).
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog-import:${storeId}`}))`);
  const handles = items.map((p) => p.handle);
  const existing = await db
    .select({ id: products.id, codigo: products.codigo, handle: products.importHandle })
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
  const byHandle = new Map<string, { id: string }>();
  for (const e of existing) if (e.handle) byHandle.set(e.handle, e);
  for (const e of existing) if (!byHandle.has(e.codigo.toLowerCase())) byHandle.set(e.codigo.toLowerCase(), e);

  // SKUs: the file's own, or made from the handle and position when a row has none.
  const skuOf = (p: CsvProduct, i: number) => p.variants[i]!.sku || `${p.handle}-${i + 1}`.slice(0, 60);
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

  const known = await storeImageBases(ctx);
  // Image Src URLs past the gallery's GALLERY_MAX photos (never downloaded).
  const skipped = new Set(items.flatMap((p) => p.images.slice(GALLERY_MAX).map((i) => i.url)));
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

  // Departments and categories, once per pair, named in the store's language (decision 112).
  const lang = await getStoreLanguage(ctx);
  const taxonomy = new Map<string, { depId: string; catId: string }>();
  for (const p of items) {
    const { department, category, given } = taxonomyOf(p, lang);
    if (!given && byHandle.has(p.handle)) continue;
    const key = `${department}\u0000${category}`;
    if (taxonomy.has(key)) continue;
    const { dep, cat } = await resolveTaxonomy(ctx, department, category);
    taxonomy.set(key, { depId: dep.id, catId: cat.id });
  }

  const now = new Date();
  const productRow = (p: CsvProduct) => {
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

  let created = 0;
  let updated = 0;
  const ids = new Map<string, string>();
  const fresh = items.filter((p) => !byHandle.has(p.handle));
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

/**
 * The origin of the store's links (decision 023): its primary active domain, else its first active one, with the
 * configured scheme and port, as the store's emails and head tags build them. Never the host a request came through:
 * a seller's admin runs on the platform's domain, and any of the store's domains (or another store's) may carry the
 * request.
 */
async function storeLinkOrigin(ctx: ExportCtx): Promise<string> {
  const active = (await listDomains(ctx)).filter((d) => d.status === 'active');
  const host = (active.find((d) => d.isPrimary) ?? active[0])?.hostname ?? ctx.config.PLATFORM_DOMAIN;
  return publicOrigin(ctx.config, host);
}

/**
 * Runs an export job (job `catalog-export`): every product of the store with all its variants as a Shopify product
 * CSV (images as absolute URLs on the store's own domain, storeLinkOrigin), kept for download. Safe to run again.
 */
export async function runCsvExport(ctx: ExportCtx, jobId: string): Promise<{ products: number }> {
  const progress = await getJobProgress(ctx, jobId);
  if (progress.status === 'completed') return { products: (await loadTransfer(ctx, jobId)).products };
  const origin = await storeLinkOrigin(ctx);
  const list = await ctx.db
    .select({ product: products, department: departments.name, category: categories.name })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(eq(products.storeId, ctx.storeId))
    .orderBy(asc(products.createdAt), asc(products.codigo));
  await updateJobProgress(ctx.db, ctx.storeId, jobId, { status: 'running', total: list.length, done: 0 });
  const variants = await ctx.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.storeId, ctx.storeId), isNotNull(productVariants.productId)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const byProduct = new Map<string, (typeof variants)[number][]>();
  for (const v of variants) {
    const l = byProduct.get(v.productId) ?? [];
    l.push(v);
    byProduct.set(v.productId, l);
  }
  const url = (base: string | null) => (base ? `${origin}${base}-960.webp` : '');
  const rows: ExportRow[] = [];
  for (const [n, { product: p, department, category }] of list.entries()) {
    const handle = p.importHandle ?? p.codigo.toLowerCase();
    const vs = byProduct.get(p.id) ?? [];
    const optionNames = [...new Set(vs.flatMap((v) => Object.keys(v.options)))].slice(0, 3);
    const images = [...new Set([...p.photos.map((f) => f.url), ...(p.imageUrl ? [p.imageUrl] : [])])];
    if (p.imageUrl && images[0] !== p.imageUrl) {
      images.splice(images.indexOf(p.imageUrl), 1);
      images.unshift(p.imageUrl);
    }
    const count = Math.max(vs.length, images.length);
    for (let i = 0; i < count; i++) {
      const v = vs[i];
      const row: ExportRow = { Handle: handle };
      if (i === 0)
        Object.assign(row, {
          Title: p.name,
          'Body (HTML)': textToHtml(p.description),
          Vendor: p.brand ?? '',
          Type: category ?? '',
          Tags: p.keywords.join(', '),
          Published: p.visible ? 'TRUE' : 'FALSE',
          'SEO Title': p.name,
          'Gift Card': 'FALSE',
          Status: p.archivedAt ? 'archived' : p.visible ? 'active' : 'draft',
          [META_COLUMNS.shortDescription]: p.shortDescription,
          [META_COLUMNS.usage]: p.usage,
          [META_COLUMNS.department]: department ?? '',
          [META_COLUMNS.industry]: p.industry,
        } satisfies ExportRow);
      if (v) {
        optionNames.forEach((name, k) => {
          const key = `Option${k + 1}` as 'Option1' | 'Option2' | 'Option3';
          if (i === 0) {
            const kind = optionKind(name);
            row[`${key} Name`] = kind ? KIND_NAMES[kind] : name.charAt(0).toUpperCase() + name.slice(1);
          }
          row[`${key} Value`] = v.options[name] ?? '';
        });
        if (!optionNames.length) {
          if (i === 0) row['Option1 Name'] = 'Title';
          row['Option1 Value'] = 'Default Title';
        }
        Object.assign(row, {
          'Variant SKU': v.sku,
          'Variant Grams': String(p.weightGrams),
          'Variant Inventory Tracker': 'shopify',
          'Variant Inventory Qty': String(v.stock),
          'Variant Inventory Policy': 'deny',
          'Variant Fulfillment Service': 'manual',
          'Variant Price': centsToPrice(v.priceCents),
          'Variant Compare At Price': p.compareAtCents ? centsToPrice(p.compareAtCents) : '',
          'Variant Requires Shipping': 'TRUE',
          'Variant Taxable': 'TRUE',
          'Variant Barcode': v.barcode ?? '',
          'Variant Image': url(v.imageUrl),
          'Variant Weight Unit': 'g',
        } satisfies ExportRow);
      }
      if (images[i]) {
        row['Image Src'] = url(images[i]!);
        row['Image Position'] = String(i + 1);
        row['Image Alt Text'] = p.name;
      }
      rows.push(row);
    }
    if ((n + 1) % 100 === 0) await updateJobProgress(ctx.db, ctx.storeId, jobId, { done: n + 1 });
  }
  const day = new Date().toISOString().slice(0, 10);
  await ctx.db
    .update(catalogCsvTransfers)
    .set({ content: writeCsv(rows), products: list.length, fileName: `products_export_${day}.csv` })
    .where(and(eq(catalogCsvTransfers.storeId, ctx.storeId), eq(catalogCsvTransfers.id, jobId)));
  await updateJobProgress(ctx.db, ctx.storeId, jobId, { status: 'completed', done: list.length });
  return { products: list.length };
}

/** Marks a job that failed for a reason other than its rows (a crash on its last attempt) as failed. */
export async function failCsvJob(ctx: DbCtx, jobId: string): Promise<void> {
  await updateJobProgress(ctx.db, ctx.storeId, jobId, {
    status: 'failed',
    errors: [{ code: 'CSV_JOB_FAILED' }],
  });
}
