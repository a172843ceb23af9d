/** HTTP routes of the analytics module: recently viewed and product views. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsOps as ops } from '../../../shared/routes/analytics.ops.js';
import { route } from '../../lib/route.js';
import { storeContext } from '../../plugins/request-context.js';
import { getRecentlyViewed, recordProductView } from './analytics.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.recentlyViewed, async (request) =>
    getRecentlyViewed(storeContext(request), request.body.joinedProductCodes),
  );

  route(app, ops.recordProductView, async (request, reply) => {
    await recordProductView(storeContext(request), request.body.productCode);
    return reply.status(204).send();
  });
};
export default routes;
