/**
 * Routes of the external store-floor app (decision 026): the server-to-server code exchange and who a
 * store-floor token is for. The app's order routes live in the orders module (orders/store-floor.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsOps as ops } from '../../../shared/routes/accounts.ops.js';
import { route } from '../../lib/route.js';
import { baseContext } from '../../plugins/request-context.js';
import { bearerToken } from '../../lib/tokens.js';
import { exchangeStoreFloorCode, storeFloorStore as findStoreFloorStore } from './store-floor.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    ops.exchangeStoreFloorCode,
    { config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } } },
    async (request) => {
      const secret = request.headers['x-app-secret'];
      return exchangeStoreFloorCode(
        baseContext(request),
        Array.isArray(secret) ? secret[0] : secret,
        request.body.code,
      );
    },
  );

  route(app, ops.storeFloorStore, async (request) =>
    findStoreFloorStore({ db: request.server.db }, bearerToken(request.headers.authorization)),
  );
};
export default routes;
