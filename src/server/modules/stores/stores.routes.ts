/** HTTP routes of the stores module: the storefront's website configuration. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { websiteConfig } from '../../../shared/contracts/stores.js';
import { storeContext } from '../../plugins/request-context.js';
import { getWebsiteConfig } from './stores.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reseller/configwebsite',
    {
      schema: {
        tags: ['stores'],
        summary: 'Website configuration of the store at this domain',
        response: { 200: websiteConfig },
      },
    },
    async (request) => getWebsiteConfig(storeContext(request)),
  );
};
export default routes;
