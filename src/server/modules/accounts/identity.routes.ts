/**
 * HTTP routes of platform identity: the store picker, collaborators (owner only) and invitation acceptance.
 * Seller sign-up and the address check are in sign-up.routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsOps as ops } from '../../../shared/routes/accounts.ops.js';
import { route } from '../../lib/route.js';
import { baseContext, ownerContext, sellerAccountContext } from '../../plugins/request-context.js';
import { chooseStore, listMyStores, sellerMe as getSellerMe } from './memberships.js';
import * as invitations from './invitations.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const AUTH_RATE_LIMIT = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };

  route(app, ops.getInvitation, async (request) =>
    invitations.getInvitation({ db: request.server.db }, request.params.token),
  );

  route(app, ops.acceptInvitation, { config: AUTH_RATE_LIMIT }, async (request) =>
    invitations.acceptInvitation(baseContext(request), request.params.token, request.body),
  );

  // Any signed-in seller, with or without a chosen store (store picker, header switch).
  route(app, ops.sellerMe, async (request) => getSellerMe(sellerAccountContext(request)));

  route(app, ops.listMyStores, async (request) => {
    const ctx = sellerAccountContext(request);
    return listMyStores(ctx, ctx.actor.userId);
  });

  route(app, ops.chooseStore, async (request) => chooseStore(sellerAccountContext(request), request.body.storeId));

  // Owner only.
  route(app, ops.listCollaborators, async (request) => invitations.listCollaborators(ownerContext(request)));

  route(app, ops.inviteCollaborator, async (request, reply) =>
    reply.status(201).send(await invitations.inviteCollaborator(ownerContext(request), request.body)),
  );

  route(app, ops.revokeInvitation, async (request) => {
    await invitations.revokeInvitation(ownerContext(request), request.params.id);
    return { ok: true as const };
  });

  route(app, ops.setCollaboratorPermissions, async (request) =>
    invitations.setCollaboratorPermissions(ownerContext(request), request.params.userId, request.body.permissions),
  );

  route(app, ops.removeCollaborator, async (request) => {
    await invitations.removeCollaborator(ownerContext(request), request.params.userId);
    return { ok: true as const };
  });
};
export default routes;
