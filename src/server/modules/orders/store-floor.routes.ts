/**
 * What the external store-floor app may do with its token (decision 026): read its store's orders, nothing else.
 * The token is not a session (request.actor stays null), so no admin or storefront route accepts it; each use checks
 * that its seller still is a member of the store with the orders permission (decision 092).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersOps as ops } from '../../../shared/routes/orders.ops.js';
import { route } from '../../lib/route.js';
import type { FastifyRequest } from 'fastify';
import { baseContext } from '../../plugins/request-context.js';
import { bearerToken } from '../../lib/tokens.js';
import type { StoreContext } from '../../lib/context.js';
import { storeFloorGrant } from '../accounts/index.js';
import * as orders from './orders.service.js';

/** Context of the store a store-floor token is for. Throws UNAUTHORIZED, or FORBIDDEN without the orders permission. */
async function storeFloorContext(request: FastifyRequest): Promise<StoreContext> {
  const grant = await storeFloorGrant({ db: request.server.db }, bearerToken(request.headers.authorization), 'orders');
  return { ...baseContext(request), actor: null, storeId: grant.storeId };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.listStoreFloorOrders, async (request) =>
    orders.listStoreOrders(await storeFloorContext(request), request.query.page, request.query.status),
  );

  route(app, ops.getStoreFloorOrder, async (request) =>
    orders.getStoreOrderView(await storeFloorContext(request), request.params.id),
  );
};
export default routes;
