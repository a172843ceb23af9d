/** HTTP route of the search module (SPEC §7 /api/reseller/producto/search). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchResponse } from '../../../shared/contracts/catalog.js';
import { storeContext } from '../../plugins/request-context.js';
import { searchProducts } from './search.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reseller/producto/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search, filter, sort and page the store’s products',
        querystring: searchQuery,
        response: { 200: searchResponse },
      },
    },
    async (request) => searchProducts(storeContext(request), request.query),
  );
};
export default routes;
