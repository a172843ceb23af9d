/** Routes of the files module: uploads of the seller's store. Schemas in files.ops.ts. */
export const uploadFile = { name: 'uploadFile', method: 'POST', path: '/api/proveedor/files' } as const;
export const getFile = { name: 'getFile', method: 'GET', path: '/api/proveedor/files/:id' } as const;
export const downloadPrivateFile = {
  name: 'downloadPrivateFile',
  method: 'GET',
  path: '/api/proveedor/files/:id/content',
} as const;
