/** HTTP routes of the analytics module: recently viewed and product views. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { analyticsOps as ops } from '../../../shared/routes/analytics.ops.js';
import { route } from '../../lib/route.js';
import { storeContext } from '../../plugins/request-context.js';
import { getRecentlyViewed, recordProductView } from './analytics.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.recentlyViewed, async (request) =>
    getRecentlyViewed(storeContext(request), request.body.joinedProductCodes),
  );

  route(app, ops.recordProductView, async (request, reply) => {
    const ctx = storeContext(request);
    // A crawler's visit is no shopper's interest in the product (the top products of /admin/visitas).
    if (isbot(request.headers['user-agent'] ?? '')) return reply.status(204).send();
    await recordProductView(ctx, request.body.productCode);
    return reply.status(204).send();
  });
};
export default routes;
