/**
 * The import job of a Shopify product CSV (decisions 063, 064, 080, 087): reads every row first and reports each bad
 * line (`{ at: line, code: 'CSV_ROW_INVALID', params: { field, reason } }`), downloads the images the file names, and
 * only when nothing is bad writes every product in ONE transaction (catalog-csv-write.ts), so a file is imported
 * whole or not at all. Progress goes to the job's row, which the admin polls.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { catalogCsvTransfers, products } from '../../db/schema/catalog.js';
import { runTransaction } from '../../db/transaction.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { getJobProgress, updateJobProgress } from '../../jobs/index.js';
import { CSV_MAX_IMAGES } from '../../../shared/contracts/catalog-csv.js';
import { assertCompanyProfileComplete } from '../company/index.js';
import { discardStagedFiles, keepStagedFiles } from '../files/index.js';
import { CSV_IMPORT_JOB, loadTransfer } from './catalog-csv.service.js';
import { BadLines, GALLERY_MAX, storeImageBases, writeImport, type Downloaded } from './catalog-csv-write.js';
import { importImages } from './import-images.js';
import { imageBase, type CsvProblem, type CsvProduct } from './shopify-csv.js';
import { readShopifyCsv } from './shopify-csv-read.js';

type DbCtx = Pick<StoreContext, 'db' | 'storeId'>;
type JobCtx = Pick<StoreContext, 'db' | 'storeId' | 'providers'>;

const asProgressErrors = (problems: CsvProblem[]) =>
  problems
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map((p) => ({
      ...(p.line !== undefined && { at: p.line }),
      code: 'CSV_ROW_INVALID',
      params: { field: p.field, reason: p.reason, ...(p.value !== undefined && { value: p.value }) },
    }));

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
