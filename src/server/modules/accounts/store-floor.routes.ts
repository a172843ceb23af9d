/**
 * Routes of the external store-floor app (decision 026): the server-to-server code exchange and who a
 * store-floor token is for. The app's order routes live in the orders module (orders/store-floor.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeFloorExchangeBody, storeFloorGrant, storeFloorStore } from '../../../shared/contracts/accounts.js';
import { baseContext } from '../../plugins/request-context.js';
import { bearerToken } from '../../lib/tokens.js';
import { exchangeStoreFloorCode, storeFloorStore as findStoreFloorStore } from './store-floor.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/store-floor/exchange',
    {
      schema: {
        tags: ['store-floor'],
        summary: 'Server to server: trade the one-time code of the dashboard link for a store-floor token',
        description: 'Authenticated by the X-App-Secret header (STORE_FLOOR_APP_SECRET). A code works once, for 60 s.',
        body: storeFloorExchangeBody,
        response: { 200: storeFloorGrant },
      },
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request) => {
      const secret = request.headers['x-app-secret'];
      return exchangeStoreFloorCode(
        baseContext(request),
        Array.isArray(secret) ? secret[0] : secret,
        request.body.code,
      );
    },
  );

  app.get(
    '/api/store-floor/store',
    {
      schema: {
        tags: ['store-floor'],
        summary: 'The store a store-floor token is for',
        response: { 200: storeFloorStore },
      },
    },
    async (request) => findStoreFloorStore({ db: request.server.db }, bearerToken(request.headers.authorization)),
  );
};
export default routes;
