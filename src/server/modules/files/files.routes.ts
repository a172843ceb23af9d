/**
 * HTTP routes of the files module: `POST /api/proveedor/files?purpose=…` (multipart, field `file`) stores one
 * upload of the seller's store; `GET /api/proveedor/files/:id` reads its record; `GET /api/proveedor/files/:id/content`
 * downloads a private document. Multipart is accepted by these routes only.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filesOps as ops } from '../../../shared/routes/files.ops.js';
import { route } from '../../lib/route.js';
import { MAX_FILE_BYTES, type FilePurpose } from '../../../shared/contracts/files.js';
import { AppError } from '../../lib/app-error.js';
import { readUploadedFile } from '../../lib/multipart-file.js';
import { sellerContext, type Permission } from '../../plugins/request-context.js';
import { getStoreFile, readPrivateFile, uploadFile } from './files.service.js';
import { configureImageJobs } from './image-jobs.js';

/** Who may upload what: catalogue photos need catalogue rights, a delivery signature orders, the rest settings. */
const PURPOSE_PERMISSION: Record<FilePurpose, Permission> = {
  product_photo: 'catalog',
  colour_photo: 'catalog',
  packaging_photo: 'catalog',
  logo: 'settings',
  icon: 'settings',
  banner: 'settings',
  carousel: 'settings',
  company_photo: 'settings',
  certificate: 'settings',
  document: 'settings',
  signature: 'orders',
  message_attachment: 'orders',
  review_photo: 'catalog',
};

const routes: FastifyPluginAsyncZod = async (app) => {
  configureImageJobs({ concurrency: app.config.IMAGE_CONCURRENCY, maxQueue: app.config.IMAGE_QUEUE_MAX });
  await app.register(multipart, {
    // One file per request; a byte more than the limit is refused with FILE_TOO_LARGE instead of being kept.
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  route(app, ops.uploadFile, async (request, reply) => {
    const ctx = sellerContext(request, PURPOSE_PERMISSION[request.query.purpose]);
    const { data, fileName } = await readUploadedFile(
      request,
      () => new AppError('FILE_TOO_LARGE', { maxMb: MAX_FILE_BYTES / 1024 / 1024 }),
    );
    const file = await uploadFile(ctx, { purpose: request.query.purpose, data, originalName: fileName });
    return reply.code(201).send(file);
  });

  route(app, ops.getFile, async (request) => getStoreFile(sellerContext(request, 'settings'), request.params.id));

  route(app, ops.downloadPrivateFile, async (request, reply) => {
    const file = await readPrivateFile(sellerContext(request, 'settings'), request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
};

export default routes;
