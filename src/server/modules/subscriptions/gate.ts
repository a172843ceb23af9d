/**
 * A suspended store's admin keeps only its subscription (decision 062): every other seller API
 * (/api/admin/*, /api/proveedor/*) answers 402 ACCOUNT_SUSPENDED for a session of a suspended store. Signing in, who
 * am I, the store picker and the subscription routes stay open. The store's status is remembered per instance until
 * the change feed reports a change to its row (decision 142), so paying reactivates at once on every instance.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isSellerApi } from '../../plugins/request-context.js';
import { StoreStatuses } from '../stores/index.js';

const OPEN_PATHS = new Set(['/api/admin/login', '/api/admin/me', '/api/admin/session/store', '/api/admin/stores']);

/** Whether a seller API path stays open while the session's store is suspended. */
export function openWhileSuspended(url: string): boolean {
  const path = url.split('?')[0].replace(/\/+$/, '');
  return OPEN_PATHS.has(path) || path === '/api/admin/subscription' || path.startsWith('/api/admin/subscription/');
}

export default fp(async function subscriptionGate(app: FastifyInstance) {
  const statuses = new StoreStatuses(app.changeFeed);
  app.addHook('onClose', async () => statuses.close());
  app.addHook('onRequest', async (request) => {
    const storeId = request.actor?.storeId;
    if (!storeId || !isSellerApi(request.url) || openWhileSuspended(request.url)) return;
    if (await statuses.isSuspended({ db: app.db, storeId })) throw new AppError('ACCOUNT_SUSPENDED');
  });
});
