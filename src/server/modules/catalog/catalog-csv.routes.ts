/**
 * Catalogue CSV routes (decisions 063, 064): POST /api/admin/products/import (multipart field
 * `file`, a Shopify product CSV) and POST /api/admin/products/export start a background job (202 with its id, whose
 * progress is GET /api/admin/jobs/:id); GET /api/admin/jobs/:id/csv-result says what it did and
 * GET /api/admin/jobs/:id/csv downloads an export. Every route needs the catalogue permission and acts on the seller's
 * own store (another store's job is JOB_NOT_FOUND).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_MAX_BYTES } from '../../../shared/contracts/catalog-csv.js';
import { catalogOps as ops } from '../../../shared/routes/catalog.ops.js';
import { route } from '../../lib/route.js';
import { AppError } from '../../lib/app-error.js';
import { readUploadedFile } from '../../lib/multipart-file.js';
import { sellerContext } from '../../plugins/request-context.js';
import { getCsvExportFile, getCsvJobResult, requestCsvExport, requestCsvImport } from './catalog-csv.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One file; a byte over the limit is refused with CSV_TOO_LARGE instead of being kept.
    limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  route(app, ops.importProductsCsv, async (request, reply) => {
    const ctx = sellerContext(request, 'catalog');
    const { data, fileName } = await readUploadedFile(
      request,
      () => new AppError('CSV_TOO_LARGE', { maxMb: CSV_MAX_BYTES / 1024 / 1024 }),
    );
    const started = await requestCsvImport(ctx, { data, fileName });
    return reply.code(202).send(started);
  });

  route(app, ops.exportProductsCsv, async (request, reply) => {
    const ctx = sellerContext(request, 'catalog');
    const started = await requestCsvExport(ctx);
    return reply.code(202).send(started);
  });

  route(app, ops.csvJobResult, async (request) =>
    getCsvJobResult(sellerContext(request, 'catalog'), request.params.id),
  );

  route(app, ops.downloadCsvExport, async (request, reply) => {
    const file = await getCsvExportFile(sellerContext(request, 'catalog'), request.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
};

export default routes;
