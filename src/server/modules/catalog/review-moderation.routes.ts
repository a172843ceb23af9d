/**
 * HTTP routes of reviews that catalog registers (decision 157): the buyer's photos, list, edit and deletion, shoppers'
 * reports, and the seller's moderation (catalog permission). Writing a review is registered by orders (it needs the
 * delivered-purchase check).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsOps as ops } from '../../../shared/routes/reviews.ops.js';
import { MAX_FILE_BYTES } from '../../../shared/contracts/files.js';
import { route } from '../../lib/route.js';
import { AppError } from '../../lib/app-error.js';
import { readUploadedFile } from '../../lib/multipart-file.js';
import { customerContext, sellerContext, storeContext } from '../../plugins/request-context.js';
import {
  answerStoreReview,
  changeReviewVisibility,
  deleteMyReview,
  dismissProductReport,
  editMyReview,
  listMyReviews,
  listStoreReviewsFor,
  reportProduct,
  reportReview,
  uploadReviewPhoto,
} from './review-moderation.js';

/** A shopper reports now and then; a flood from one address is a campaign, not a report. */
const reportLimit = { config: { rateLimit: { max: 20, timeWindow: 3_600_000 } } };

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  route(app, ops.uploadReviewPhoto, async (request, reply) => {
    const ctx = customerContext(request);
    const { data, fileName } = await readUploadedFile(
      request,
      () => new AppError('FILE_TOO_LARGE', { maxMb: MAX_FILE_BYTES / 1024 / 1024 }),
    );
    return reply.code(201).send(await uploadReviewPhoto(ctx, data, fileName));
  });
  route(app, ops.listMyReviews, async (request) => ({ reviews: await listMyReviews(customerContext(request)) }));
  route(app, ops.editMyReview, async (request) =>
    editMyReview(customerContext(request), request.params.id, request.body),
  );
  route(app, ops.deleteMyReview, async (request) => {
    await deleteMyReview(customerContext(request), request.params.id);
    return { ok: true as const };
  });
  route(app, ops.reportReview, reportLimit, async (request, reply) => {
    await reportReview(storeContext(request), request.params.id, request.body);
    return reply.code(201).send({ ok: true as const });
  });
  route(app, ops.reportProduct, reportLimit, async (request, reply) => {
    await reportProduct(storeContext(request), request.params.productCode, request.body);
    return reply.code(201).send({ ok: true as const });
  });

  route(app, ops.listStoreReviews, async (request) =>
    listStoreReviewsFor(sellerContext(request, 'catalog'), request.query.codigo),
  );
  route(app, ops.setReviewVisibility, async (request) => {
    await changeReviewVisibility(sellerContext(request, 'catalog'), request.params.id, request.body.visible);
    return { ok: true as const };
  });
  route(app, ops.answerReview, async (request) => {
    await answerStoreReview(sellerContext(request, 'catalog'), request.params.id, request.body.answer);
    return { ok: true as const };
  });
  route(app, ops.dismissProductReport, async (request) => {
    await dismissProductReport(sellerContext(request, 'catalog'), request.params.id);
    return { ok: true as const };
  });
};

export default routes;
