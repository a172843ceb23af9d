/** Seller route of a background job's progress (the store builder's CSV import polls it for its bar). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuid } from '../../shared/contracts/common.js';
import { jobProgressView } from '../../shared/contracts/jobs.js';
import { sellerContext } from './request-context.js';
import { getJobProgress } from '../jobs/index.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/jobs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Progress of one of the store’s background jobs (404 JOB_NOT_FOUND for another store’s)',
        params: z.object({ id: uuid }),
        response: { 200: jobProgressView },
      },
    },
    async (request) => getJobProgress(sellerContext(request, 'catalog'), request.params.id),
  );
};
export default routes;
