/** The buyer's review writing (decision 157), here because it needs the delivered-purchase check of orders. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsOps as ops } from '../../../shared/routes/reviews.ops.js';
import { route } from '../../lib/route.js';
import { customerContext } from '../../plugins/request-context.js';
import { myProductReview, reviewReceivedProduct } from './review-purchases.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.getMyProductReview, async (request) =>
    myProductReview(customerContext(request), request.params.productCode),
  );
  // A buyer reviews the few products they received; a burst is a script.
  route(app, ops.writeReview, { config: { rateLimit: { max: 30, timeWindow: 3_600_000 } } }, async (request, reply) =>
    reply
      .code(201)
      .send(await reviewReceivedProduct(customerContext(request), request.params.productCode, request.body)),
  );
};

export default routes;
