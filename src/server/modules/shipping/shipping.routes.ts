/**
 * HTTP routes of the shipping module: the seller's pickup configuration (/admin/pickups) and the pickup branch shown
 * to buyers. The cart's rates (/api/reseller/packaging/rate-service) are checkout's route: a cart may ship as several
 * packages.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shippingOps as ops } from '../../../shared/routes/shipping.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext, storeContext } from '../../plugins/request-context.js';
import { getPickupBranch, getPickupSettings, savePickupSettings } from './pickups.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.getPickupSettings, async (request) => ({
    settings: await getPickupSettings(sellerContext(request, 'orders')),
  }));

  route(app, ops.savePickupSettings, async (request) =>
    savePickupSettings(sellerContext(request, 'orders'), request.body),
  );

  route(app, ops.pickupBranch, async (request) => getPickupBranch(storeContext(request)));
};
export default routes;
