/**
 * Catalogue import and export in Shopify's product CSV format (decisions 063, 064). The seller
 * uploads a file (POST /api/admin/products/import) or asks for one (POST /api/admin/products/export); either answers
 * 202 with a job id whose progress GET /api/admin/jobs/:id reports, and whose result GET /api/admin/jobs/:id/csv-result
 * gives (an export's file: GET /api/admin/jobs/:id/csv).
 */
import { z } from 'zod';

/** Largest file accepted (bytes) and most data rows (decision 063). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;
/** Most distinct image URLs an import downloads (decision 080): a larger catalogue is split into several files. */
export const CSV_MAX_IMAGES = 5_000;
/** Most variants of one product (as the product form). */
export const CSV_MAX_VARIANTS = 300;

/** Columns every file must have. */
export const CSV_REQUIRED_COLUMNS = ['Handle', 'Title'] as const;

/**
 * Why a row is bad (job progress errors `{ at: line, code: 'CSV_ROW_INVALID', params: { field, reason } }`); the web
 * shows `catalog-import:reasons.<reason>`. File-wide problems use `at` undefined and field ''.
 */
export const CSV_ROW_REASONS = [
  'required',
  'too_short',
  'too_long',
  'invalid_handle',
  'invalid_price',
  // A money cell that reads as two different amounts ("1,349": thousands or decimals?), decision 111.
  'ambiguous_price',
  'invalid_integer',
  'negative_stock',
  'invalid_number',
  'invalid_boolean',
  'invalid_status',
  'invalid_sku',
  'invalid_barcode',
  'duplicate_sku',
  'sku_taken',
  // The row names a product that is a dropshipping listing (its content follows the supplier's product).
  'product_is_listing',
  'duplicate_variant',
  'too_many_variants',
  'malformed',
  'too_many_rows',
  'no_rows',
  // Images by URL, downloaded by the import (decision 080).
  'image_url_invalid',
  'image_download_failed',
  'image_too_large',
  'image_too_many_pixels',
  'image_not_image',
  'image_too_small',
  'image_aspect_ratio',
  'too_many_images',
] as const;
export type CsvRowReason = (typeof CSV_ROW_REASONS)[number];

/** Answer of the import and export requests: the job whose progress to poll. */
export const csvJobStarted = z.object({ jobId: z.string().uuid() });
export type CsvJobStarted = z.infer<typeof csvJobStarted>;

/** GET /api/admin/jobs/:id/csv-result: what an import or export did (zeros until it has run). */
export const csvJobResult = z.object({
  jobId: z.string().uuid(),
  kind: z.enum(['import', 'export']),
  fileName: z.string(),
  /** Products created and updated by an import (both 0 when it had bad rows: nothing is imported then). */
  created: z.number().int(),
  updated: z.number().int(),
  /** Image URLs an import left out (always 0 since images are downloaded, decision 080; kept for older jobs). */
  imagesSkipped: z.number().int(),
  /** Products in an export's file. */
  products: z.number().int(),
  /** True when an export's file can be downloaded. */
  ready: z.boolean(),
});
export type CsvJobResult = z.infer<typeof csvJobResult>;
