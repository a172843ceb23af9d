/**
 * Routes of the catalog module: the storefront's departments, home and product detail; the seller's products,
 * departments, HS codes and CSV import and export. Schemas in catalog.ops.ts.
 */
export const departmentTree = {
  name: 'departmentTree',
  method: 'GET',
  path: '/api/reseller/post_categoria_departamento',
} as const;
export const home = { name: 'home', method: 'GET', path: '/api/home' } as const;
export const productDetail = { name: 'productDetail', method: 'GET', path: '/api/productos/:codigo' } as const;

export const listAdminProducts = { name: 'listAdminProducts', method: 'GET', path: '/api/admin/products' } as const;
export const getAdminProduct = { name: 'getAdminProduct', method: 'GET', path: '/api/admin/products/:codigo' } as const;
export const createProduct = { name: 'createProduct', method: 'POST', path: '/api/admin/products' } as const;
export const updateProduct = { name: 'updateProduct', method: 'PUT', path: '/api/admin/products/:codigo' } as const;
export const archiveProduct = {
  name: 'archiveProduct',
  method: 'POST',
  path: '/api/admin/products/:codigo/archive',
} as const;
export const restoreProduct = {
  name: 'restoreProduct',
  method: 'POST',
  path: '/api/admin/products/:codigo/restore',
} as const;
export const createDepartmentCategory = {
  name: 'createDepartmentCategory',
  method: 'POST',
  path: '/api/reseller/post_categoria_departamento',
} as const;
export const adminDepartments = { name: 'adminDepartments', method: 'GET', path: '/api/admin/departments' } as const;
export const searchHsCodes = { name: 'searchHsCodes', method: 'GET', path: '/api/admin/hs-codes' } as const;

export const importProductsCsv = {
  name: 'importProductsCsv',
  method: 'POST',
  path: '/api/admin/products/import',
} as const;
export const exportProductsCsv = {
  name: 'exportProductsCsv',
  method: 'POST',
  path: '/api/admin/products/export',
} as const;
export const csvJobResult = { name: 'csvJobResult', method: 'GET', path: '/api/admin/jobs/:id/csv-result' } as const;
/** A file, not JSON: the web downloads it through `routeUrl`. */
export const downloadCsvExport = { name: 'downloadCsvExport', method: 'GET', path: '/api/admin/jobs/:id/csv' } as const;
