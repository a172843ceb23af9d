/** HTTP route of the shipping module (SPEC §7 /api/reseller/packaging/rate-service). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateServiceBody, rateServiceResponse } from '../../../shared/contracts/checkout.js';
import { storeContext } from '../../plugins/request-context.js';
import { quoteShipping } from './shipping.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reseller/packaging/rate-service',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Shipping options and prices for a cart to a postal code',
        body: rateServiceBody,
        response: { 200: rateServiceResponse },
      },
    },
    async (request) => quoteShipping(storeContext(request), request.body),
  );
};
export default routes;
