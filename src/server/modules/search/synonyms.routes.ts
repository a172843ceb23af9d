/** Seller routes of the store's search synonyms (an admin screen comes with the store builder). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchOps as ops } from '../../../shared/routes/search.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext } from '../../plugins/request-context.js';
import { createSynonymGroup, deleteSynonymGroup, listSynonymGroups, updateSynonymGroup } from './synonyms.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.listSynonymGroups, async (request) => ({
    groups: await listSynonymGroups(sellerContext(request, 'catalog')),
  }));

  route(app, ops.createSynonymGroup, async (request, reply) =>
    reply.code(201).send(await createSynonymGroup(sellerContext(request, 'catalog'), request.body.terms)),
  );

  route(app, ops.updateSynonymGroup, async (request) =>
    updateSynonymGroup(sellerContext(request, 'catalog'), request.params.id, request.body.terms),
  );

  route(app, ops.deleteSynonymGroup, async (request) => {
    await deleteSynonymGroup(sellerContext(request, 'catalog'), request.params.id);
    return { ok: true as const };
  });
};
export default routes;
