/**
 * The catalog module's operations. The wire's `:codigo` reaches the handlers as `productCode`.
 */
import { z } from 'zod';
import { departmentTree, homeResponse, productDetail } from '../contracts/catalog.js';
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
} from '../contracts/catalog-admin.js';
import { csvJobResult, csvJobStarted } from '../contracts/catalog-csv.js';
import { codigo, uuid } from '../contracts/common.js';
import { defineOps } from './op.js';
import * as routes from './catalog.js';

const admin = ['admin'];
/** `/…/:codigo` of the seller's product routes, named in English for the handler. */
const productCodeParams = productCodigoParams.transform((p) => ({ productCode: p.codigo }));

export const catalogOps = defineOps(routes, {
  departmentTree: {
    tags: ['catalog'],
    summary: 'Departments and their categories',
    response: { 200: departmentTree },
  },
  home: { tags: ['catalog'], summary: 'Featured, newest and best-selling products', response: { 200: homeResponse } },
  productDetail: {
    tags: ['catalog'],
    summary: 'Product detail',
    description: 'Cached per instance until the product changes; ETag and Cache-Control (decision 033).',
    params: z.object({ codigo }).transform((p) => ({ productCode: p.codigo })),
    response: { 200: productDetail },
  },

  listAdminProducts: {
    tags: admin,
    summary: 'The store’s products: active or archived, with search, filters and paging',
    querystring: adminProductListQuery,
    response: { 200: adminProductList },
  },
  getAdminProduct: { tags: admin, params: productCodeParams, response: { 200: adminProduct } },
  createProduct: {
    tags: admin,
    summary: 'Create a product with its variants',
    body: productInput,
    response: { 201: adminProduct },
  },
  updateProduct: {
    tags: admin,
    summary: 'Replace a product’s fields and variants',
    params: productCodeParams,
    body: productInput,
    response: { 200: adminProduct },
  },
  archiveProduct: { tags: admin, params: productCodeParams, response: { 200: adminProduct } },
  restoreProduct: { tags: admin, params: productCodeParams, response: { 200: adminProduct } },
  createDepartmentCategory: {
    tags: admin,
    summary: 'Create a department, and a category of it',
    body: departmentCategoryInput,
    response: { 201: departmentCategoryCreated },
  },
  adminDepartments: {
    tags: admin,
    summary: 'The store’s departments and categories (suggestions in the product form)',
    response: { 200: departmentTree },
  },
  searchHsCodes: { tags: admin, querystring: hsCodeQuery, response: { 200: hsCodeList } },

  importProductsCsv: {
    tags: admin,
    summary: 'Import a Shopify product CSV (multipart field `file`) as a background job; 202 with the job id',
    consumes: ['multipart/form-data'],
    response: { 202: csvJobStarted },
  },
  exportProductsCsv: {
    tags: admin,
    summary: 'Export every product of the store as a Shopify product CSV, as a background job; 202 with its id',
    response: { 202: csvJobStarted },
  },
  csvJobResult: {
    tags: admin,
    summary: 'What a CSV import or export did (products created and updated, file ready)',
    params: z.object({ id: uuid }),
    response: { 200: csvJobResult },
  },
  downloadCsvExport: {
    tags: admin,
    summary: 'Download the file of a finished CSV export (409 CSV_NOT_READY before)',
    params: z.object({ id: uuid }),
  },
});
