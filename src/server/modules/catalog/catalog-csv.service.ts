/**
 * Catalogue import and export in Shopify's product CSV format (decisions 063, 064), run as background jobs with a
 * progress the admin polls (GET /api/admin/jobs/:id). This file starts them and answers what they did; the import job
 * is catalog-csv-import.ts (writes in catalog-csv-write.ts), the export job catalog-csv-export.ts, and the mapping
 * between Shopify's columns and Vitrina's product shopify-csv.ts and shopify-csv-mappings.ts.
 *
 * Import: the upload is checked (size, CSV header, the company profile) and kept with its job. A product whose Handle
 * (or code) the store already has is updated; the others are created. Export: a job writes every product of the
 * store as a file the seller downloads. Every query is scoped by ctx.storeId.
 */
import { and, eq } from 'drizzle-orm';
import { catalogCsvTransfers } from '../../db/schema/catalog.js';
import { runTransaction } from '../../db/transaction.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { createJobProgress, enqueue, updateJobProgress } from '../../jobs/index.js';
import { CSV_MAX_BYTES, type CsvJobResult, type CsvJobStarted } from '../../../shared/contracts/catalog-csv.js';
import { assertCompanyProfileComplete } from '../company/index.js';
import { missingColumns, readHeader } from './shopify-csv-read.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId' | 'locale'>;
type DbCtx = Pick<StoreContext, 'db' | 'storeId'>;

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

/** The transfer row of a job of the store. Throws JOB_NOT_FOUND for another store's job. */
export async function loadTransfer(ctx: DbCtx, jobId: string) {
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

/** Marks a job that failed for a reason other than its rows (a crash on its last attempt) as failed. */
export async function failCsvJob(ctx: DbCtx, jobId: string): Promise<void> {
  await updateJobProgress(ctx.db, ctx.storeId, jobId, {
    status: 'failed',
    errors: [{ code: 'CSV_JOB_FAILED' }],
  });
}
