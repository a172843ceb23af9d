/**
 * Seller catalogue routes: /api/admin/products list, read, create, update, archive and
 * restore; POST /api/reseller/post_categoria_departamento creates a department or category; /api/admin/hs-codes
 * searches the HS 2022 list. Every route needs the seller's 'catalog' permission and acts on the seller's own store.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProduct,
  adminProductList,
  adminProductListQuery,
  departmentCategoryCreated,
  departmentCategoryInput,
  hsCodeList,
  hsCodeQuery,
  productCodigoParams,
  productInput,
} from '../../../shared/contracts/catalog-admin.js';
import { departmentTree } from '../../../shared/contracts/catalog.js';
import { sellerContext } from '../../plugins/request-context.js';
import * as admin from './admin-products.service.js';
import { searchHsCodes } from './hs-codes.js';
import { getDepartmentTree } from './catalog.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'The store’s products: active or archived, with search, filters and paging',
        querystring: adminProductListQuery,
        response: { 200: adminProductList },
      },
    },
    async (request) => admin.listAdminProducts(sellerContext(request, 'catalog'), request.query),
  );

  app.get(
    '/api/admin/products/:codigo',
    { schema: { tags: ['admin'], params: productCodigoParams, response: { 200: adminProduct } } },
    async (request) => admin.getAdminProduct(sellerContext(request, 'catalog'), request.params.codigo),
  );

  app.post(
    '/api/admin/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a product with its variants',
        body: productInput,
        response: { 201: adminProduct },
      },
    },
    async (request, reply) => {
      const product = await admin.createAdminProduct(sellerContext(request, 'catalog'), request.body);
      return reply.status(201).send(product);
    },
  );

  app.put(
    '/api/admin/products/:codigo',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a product’s fields and variants',
        params: productCodigoParams,
        body: productInput,
        response: { 200: adminProduct },
      },
    },
    async (request) => admin.updateAdminProduct(sellerContext(request, 'catalog'), request.params.codigo, request.body),
  );

  app.post(
    '/api/admin/products/:codigo/archive',
    { schema: { tags: ['admin'], params: productCodigoParams, response: { 200: adminProduct } } },
    async (request) => admin.setProductArchived(sellerContext(request, 'catalog'), request.params.codigo, true),
  );

  app.post(
    '/api/admin/products/:codigo/restore',
    { schema: { tags: ['admin'], params: productCodigoParams, response: { 200: adminProduct } } },
    async (request) => admin.setProductArchived(sellerContext(request, 'catalog'), request.params.codigo, false),
  );

  app.post(
    '/api/reseller/post_categoria_departamento',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a department, and a category of it',
        body: departmentCategoryInput,
        response: { 201: departmentCategoryCreated },
      },
    },
    async (request, reply) => {
      const created = await admin.createDepartmentCategory(sellerContext(request, 'catalog'), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/admin/departments',
    {
      schema: {
        tags: ['admin'],
        summary: 'The store’s departments and categories (suggestions in the product form)',
        response: { 200: departmentTree },
      },
    },
    async (request) => getDepartmentTree(sellerContext(request, 'catalog')),
  );

  app.get(
    '/api/admin/hs-codes',
    { schema: { tags: ['admin'], querystring: hsCodeQuery, response: { 200: hsCodeList } } },
    async (request) => {
      sellerContext(request, 'catalog');
      return searchHsCodes(request.query.q);
    },
  );
};
export default routes;
