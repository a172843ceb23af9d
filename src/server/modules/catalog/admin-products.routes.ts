/**
 * Seller catalogue routes: /api/admin/products list, read, create, update, archive and
 * restore; POST /api/reseller/post_categoria_departamento creates a department or category; /api/admin/hs-codes
 * searches the HS 2022 list. Every route needs the seller's 'catalog' permission and acts on the seller's own store.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogOps as ops } from '../../../shared/routes/catalog.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext } from '../../plugins/request-context.js';
import * as admin from './admin-products.service.js';
import { searchHsCodes } from './hs-codes.js';
import { getDepartmentTree } from './catalog.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.listAdminProducts, async (request) =>
    admin.listAdminProducts(sellerContext(request, 'catalog'), request.query),
  );

  route(app, ops.getAdminProduct, async (request) =>
    admin.getAdminProduct(sellerContext(request, 'catalog'), request.params.productCode),
  );

  route(app, ops.createProduct, async (request, reply) => {
    const product = await admin.createAdminProduct(sellerContext(request, 'catalog'), request.body);
    return reply.status(201).send(product);
  });

  route(app, ops.updateProduct, async (request) =>
    admin.updateAdminProduct(sellerContext(request, 'catalog'), request.params.productCode, request.body),
  );

  route(app, ops.archiveProduct, async (request) =>
    admin.setProductArchived(sellerContext(request, 'catalog'), request.params.productCode, true),
  );

  route(app, ops.restoreProduct, async (request) =>
    admin.setProductArchived(sellerContext(request, 'catalog'), request.params.productCode, false),
  );

  route(app, ops.createDepartmentCategory, async (request, reply) => {
    const created = await admin.createDepartmentCategory(sellerContext(request, 'catalog'), request.body);
    return reply.status(201).send(created);
  });

  route(app, ops.adminDepartments, async (request) => getDepartmentTree(sellerContext(request, 'catalog')));

  route(app, ops.searchHsCodes, async (request) => {
    sellerContext(request, 'catalog');
    return searchHsCodes(request.query.q);
  });
};
export default routes;
