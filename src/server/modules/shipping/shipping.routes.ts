/**
 * HTTP routes of the shipping module: rates (/api/reseller/packaging/rate-service), the seller's pickup
 * configuration (/admin/pickups) and the pickup branch shown to buyers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateServiceBody, rateServiceResponse } from '../../../shared/contracts/checkout.js';
import { pickupBranch, pickupSettings, pickupSettingsInput } from '../../../shared/contracts/pickups.js';
import { sellerContext, storeContext } from '../../plugins/request-context.js';
import { quoteShipping } from './shipping.service.js';
import { getPickupBranch, getPickupSettings, savePickupSettings } from './pickups.service.js';

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

  app.get(
    '/api/admin/pickups',
    {
      schema: {
        tags: ['admin'],
        summary: 'The store’s pickup configuration (null before it is saved)',
        response: { 200: z.object({ settings: pickupSettings.nullable() }) },
      },
    },
    async (request) => ({ settings: await getPickupSettings(sellerContext(request, 'orders')) }),
  );

  app.put(
    '/api/admin/pickups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save the store’s pickup configuration',
        body: pickupSettingsInput,
        response: { 200: pickupSettings },
      },
    },
    async (request) => savePickupSettings(sellerContext(request, 'orders'), request.body),
  );

  app.get(
    '/api/reseller/pickup-branch',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Where buyers pick up their orders, with days and hour',
        response: { 200: pickupBranch },
      },
    },
    async (request) => getPickupBranch(storeContext(request)),
  );
};
export default routes;
