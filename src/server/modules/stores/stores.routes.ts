/** HTTP routes of the stores module: the storefront's website configuration. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storesOps as ops } from '../../../shared/routes/stores.ops.js';
import { route } from '../../lib/route.js';
import { storeContext } from '../../plugins/request-context.js';
import { getWebsiteConfig } from './stores.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.websiteConfig, async (request) => getWebsiteConfig(storeContext(request)));
};
export default routes;
