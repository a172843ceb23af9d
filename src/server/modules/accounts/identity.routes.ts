/**
 * HTTP routes of platform identity: the store picker, collaborators (owner only) and invitation acceptance.
 * Seller sign-up and the address check are in sign-up.routes.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationBody,
  chooseStoreBody,
  collaboratorsView,
  invitationInfo,
  invitationToken,
  inviteBody,
  member,
  myStore,
  pendingInvitation,
  permissionsBody,
  sellerMe,
  sellerSession,
} from '../../../shared/contracts/identity.js';
import { okResponse, uuid } from '../../../shared/contracts/common.js';
import { baseContext, ownerContext, sellerAccountContext } from '../../plugins/request-context.js';
import { chooseStore, listMyStores, sellerMe as getSellerMe } from './memberships.js';
import * as invitations from './invitations.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const AUTH_RATE_LIMIT = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };

  app.get(
    '/api/platform/invitations/:token',
    { schema: { tags: ['platform'], params: z.object({ token: invitationToken }), response: { 200: invitationInfo } } },
    async (request) => invitations.getInvitation({ db: request.server.db }, request.params.token),
  );

  app.post(
    '/api/platform/invitations/:token/accept',
    {
      schema: {
        tags: ['platform'],
        params: z.object({ token: invitationToken }),
        body: acceptInvitationBody,
        response: { 200: sellerSession },
      },
      config: AUTH_RATE_LIMIT,
    },
    async (request) => invitations.acceptInvitation(baseContext(request), request.params.token, request.body),
  );

  // Any signed-in seller, with or without a chosen store (store picker, header switch).
  app.get('/api/admin/me', { schema: { tags: ['admin'], response: { 200: sellerMe } } }, async (request) =>
    getSellerMe(sellerAccountContext(request)),
  );

  app.get(
    '/api/admin/stores',
    { schema: { tags: ['admin'], response: { 200: z.array(myStore) } } },
    async (request) => {
      const ctx = sellerAccountContext(request);
      return listMyStores(ctx, ctx.actor.userId);
    },
  );

  app.post(
    '/api/admin/session/store',
    { schema: { tags: ['admin'], body: chooseStoreBody, response: { 200: sellerMe } } },
    async (request) => chooseStore(sellerAccountContext(request), request.body.storeId),
  );

  // Owner only.
  app.get(
    '/api/admin/collaborators',
    { schema: { tags: ['admin'], response: { 200: collaboratorsView } } },
    async (request) => invitations.listCollaborators(ownerContext(request)),
  );

  app.post(
    '/api/admin/collaborators/invitations',
    { schema: { tags: ['admin'], body: inviteBody, response: { 201: pendingInvitation } } },
    async (request, reply) =>
      reply.status(201).send(await invitations.inviteCollaborator(ownerContext(request), request.body)),
  );

  app.delete(
    '/api/admin/collaborators/invitations/:id',
    { schema: { tags: ['admin'], params: z.object({ id: uuid }), response: { 200: okResponse } } },
    async (request) => {
      await invitations.revokeInvitation(ownerContext(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/admin/collaborators/:userId',
    {
      schema: { tags: ['admin'], params: z.object({ userId: uuid }), body: permissionsBody, response: { 200: member } },
    },
    async (request) =>
      invitations.setCollaboratorPermissions(ownerContext(request), request.params.userId, request.body.permissions),
  );

  app.delete(
    '/api/admin/collaborators/:userId',
    { schema: { tags: ['admin'], params: z.object({ userId: uuid }), response: { 200: okResponse } } },
    async (request) => {
      await invitations.removeCollaborator(ownerContext(request), request.params.userId);
      return { ok: true as const };
    },
  );
};
export default routes;
