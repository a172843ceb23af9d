/** Seller routes of the store's search synonyms (an admin screen comes with the store builder). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, uuid } from '../../../shared/contracts/common.js';
import { synonymGroup, synonymGroupBody, synonymGroupList } from '../../../shared/contracts/search.js';
import { sellerContext } from '../../plugins/request-context.js';
import { createSynonymGroup, deleteSynonymGroup, listSynonymGroups, updateSynonymGroup } from './synonyms.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: uuid });

  app.get(
    '/api/admin/search/synonyms',
    { schema: { tags: ['admin'], summary: 'The store’s search synonym groups', response: { 200: synonymGroupList } } },
    async (request) => ({ groups: await listSynonymGroups(sellerContext(request, 'catalog')) }),
  );

  app.post(
    '/api/admin/search/synonyms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a group of words that mean the same to shoppers',
        body: synonymGroupBody,
        response: { 201: synonymGroup },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSynonymGroup(sellerContext(request, 'catalog'), request.body.terms)),
  );

  app.put(
    '/api/admin/search/synonyms/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace the words of a synonym group',
        params,
        body: synonymGroupBody,
        response: { 200: synonymGroup },
      },
    },
    async (request) => updateSynonymGroup(sellerContext(request, 'catalog'), request.params.id, request.body.terms),
  );

  app.delete(
    '/api/admin/search/synonyms/:id',
    { schema: { tags: ['admin'], summary: 'Delete a synonym group', params, response: { 200: okResponse } } },
    async (request) => {
      await deleteSynonymGroup(sellerContext(request, 'catalog'), request.params.id);
      return { ok: true as const };
    },
  );
};
export default routes;
