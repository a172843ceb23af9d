/**
 * Supplier badge routes (decisions 165, 166): the seller's requests under /api/proveedor/badges (permission
 * 'settings'), and the storefront's badges at /api/reseller/badges (store resolved by domain). The operator decides
 * requests in the operator module.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badgesOps as ops } from '../../../shared/routes/badges.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext, storeContext } from '../../plugins/request-context.js';
import { getStoreBadgeState, requestAuditedBadge, requestVerifiedBadge, storeBadges } from './badges.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.getBadgeState, async (request) => getStoreBadgeState(sellerContext(request, 'settings')));

  route(app, ops.requestVerifiedBadge, async (request, reply) =>
    reply.code(201).send(await requestVerifiedBadge(sellerContext(request, 'settings'), request.body)),
  );

  route(app, ops.requestAuditedBadge, async (request, reply) =>
    reply.code(201).send(await requestAuditedBadge(sellerContext(request, 'settings'), request.body)),
  );

  route(app, ops.publicBadges, async (request) => ({
    badges: (await storeBadges(storeContext(request))).map((b) => ({ badge: b.badge, validUntil: b.validUntil })),
  }));
};
export default routes;
