/** HTTP routes of the analytics module: recently viewed and product views. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getVistosBody, getVistosResponse, vistoBody } from '../../../shared/contracts/catalog.js';
import { storeContext } from '../../plugins/request-context.js';
import { getRecentlyViewed, recordProductView } from './analytics.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/getVistos',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Current cards of recently viewed products (codes joined by commas)',
        body: getVistosBody,
        response: { 200: getVistosResponse },
      },
    },
    async (request) => getRecentlyViewed(storeContext(request), request.body.codigosStrings),
  );

  app.post(
    '/api/visto',
    {
      schema: { tags: ['analytics'], summary: 'Record a product view', body: vistoBody },
    },
    async (request, reply) => {
      await recordProductView(storeContext(request), request.body.codigo);
      return reply.status(204).send();
    },
  );
};
export default routes;
