/** HTTP routes of the catalog module: departments, home lists and product detail. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productDetail } from '../../../shared/contracts/catalog.js';
import { catalogOps as ops } from '../../../shared/routes/catalog.ops.js';
import { route } from '../../lib/route.js';
import { storeContext } from '../../plugins/request-context.js';
import { sendCachedAnswer } from '../../lib/http-cache.js';
import { getDepartmentTree, getHome, loadProductDetail } from './catalog.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.departmentTree, async (request) => getDepartmentTree(storeContext(request)));

  route(app, ops.home, async (request) => getHome(storeContext(request)));

  route(app, ops.productDetail, async (request, reply) => {
    const ctx = storeContext(request);
    const { productCode } = request.params;
    const answer = await app.answerCache.get(ctx.storeId, `product\u0000${productCode}`, async () => {
      const { id, detail } = await loadProductDetail(ctx, productCode);
      return { value: productDetail.parse(detail), productId: id };
    });
    return sendCachedAnswer(request, reply, answer);
  });
};
export default routes;
