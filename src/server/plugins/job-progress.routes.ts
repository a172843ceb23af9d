/** Seller route of a background job's progress (the store builder's CSV import polls it for its bar). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobsOps as ops } from '../../shared/routes/jobs.ops.js';
import { route } from '../lib/route.js';
import { sellerContext } from './request-context.js';
import { getJobProgress } from '../jobs/index.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.jobProgress, async (request) => getJobProgress(sellerContext(request, 'catalog'), request.params.id));
};
export default routes;
