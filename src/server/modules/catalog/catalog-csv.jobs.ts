/**
 * Background jobs of the catalogue's CSV import and export (decisions 034, 063, 064): each works one
 * seller request whose progress row the admin polls. A run that throws is retried (nothing was committed); on its last
 * attempt the progress is marked failed (CSV_JOB_FAILED) so the bar never waits forever.
 */
import { defineJob, type JobContext } from '../../jobs/index.js';
import {
  CSV_EXPORT_JOB,
  CSV_IMPORT_JOB,
  failCsvJob,
  type CsvExportPayload,
  type CsvImportPayload,
} from './catalog-csv.service.js';
import { runCsvImport } from './catalog-csv-import.js';
import { runCsvExport } from './catalog-csv-export.js';

const RETRIES = 2;

async function lastAttempt<T>(ctx: JobContext, p: { storeId: string; jobId: string }, run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    if (ctx.retryCount >= RETRIES) await failCsvJob({ db: ctx.db, storeId: p.storeId }, p.jobId).catch(() => {});
    throw err;
  }
}

/** Imports an uploaded Shopify product CSV, whole or not at all, downloading the images it names (decision 080). */
export const catalogImportJob = defineJob<CsvImportPayload>(
  CSV_IMPORT_JOB,
  (p, ctx) =>
    lastAttempt(ctx, p, () =>
      runCsvImport({ db: ctx.db, storeId: p.storeId, providers: ctx.providers }, p.jobId, {
        allowedAddresses: ctx.config.IMPORT_IMAGE_ALLOWED_ADDRESSES,
      }),
    ),
  // Up to CSV_MAX_IMAGES downloads (4 at once, 20 s each at most) before the write (decision 080).
  { retryLimit: RETRIES, retryDelay: 5, expireInSeconds: 3600 },
);

/** Writes the store's catalogue as a Shopify product CSV. */
export const catalogExportJob = defineJob<CsvExportPayload>(
  CSV_EXPORT_JOB,
  (p, ctx) => lastAttempt(ctx, p, () => runCsvExport({ db: ctx.db, storeId: p.storeId, config: ctx.config }, p.jobId)),
  { retryLimit: RETRIES, retryDelay: 5, expireInSeconds: 600 },
);
