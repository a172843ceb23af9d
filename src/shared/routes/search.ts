/** Routes of the search module: the storefront's product search and the seller's synonym groups. Schemas in search.ops.ts. */
export const searchProducts = { name: 'searchProducts', method: 'GET', path: '/api/reseller/producto/search' } as const;
export const listSynonymGroups = {
  name: 'listSynonymGroups',
  method: 'GET',
  path: '/api/admin/search/synonyms',
} as const;
export const createSynonymGroup = {
  name: 'createSynonymGroup',
  method: 'POST',
  path: '/api/admin/search/synonyms',
} as const;
export const updateSynonymGroup = {
  name: 'updateSynonymGroup',
  method: 'PUT',
  path: '/api/admin/search/synonyms/:id',
} as const;
export const deleteSynonymGroup = {
  name: 'deleteSynonymGroup',
  method: 'DELETE',
  path: '/api/admin/search/synonyms/:id',
} as const;
