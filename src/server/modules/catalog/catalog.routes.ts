/** HTTP routes of the catalog module: departments, home lists and product detail. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { departmentTree, homeResponse, productDetail } from '../../../shared/contracts/catalog.js';
import { codigo } from '../../../shared/contracts/common.js';
import { storeContext } from '../../plugins/request-context.js';
import { sendCachedAnswer } from '../../lib/http-cache.js';
import { getDepartmentTree, getHome, loadProductDetail } from './catalog.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reseller/post_categoria_departamento',
    {
      schema: { tags: ['catalog'], summary: 'Departments and their categories', response: { 200: departmentTree } },
    },
    async (request) => getDepartmentTree(storeContext(request)),
  );

  app.get(
    '/api/home',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Featured, newest and best-selling products',
        response: { 200: homeResponse },
      },
    },
    async (request) => getHome(storeContext(request)),
  );

  app.get(
    '/api/productos/:codigo',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product detail',
        description: 'Cached per instance until the product changes; ETag and Cache-Control (decision 033).',
        params: z.object({ codigo }),
        response: { 200: productDetail },
      },
    },
    async (request, reply) => {
      const ctx = storeContext(request);
      const answer = await app.answerCache.get(ctx.storeId, `product\u0000${request.params.codigo}`, async () => {
        const { id, detail } = await loadProductDetail(ctx, request.params.codigo);
        return { value: productDetail.parse(detail), productId: id };
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
export default routes;
