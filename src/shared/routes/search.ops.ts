/** The search module's operations (routes in search.ts). */
import { z } from 'zod';
import { searchQuery, searchResponse } from '../contracts/catalog.js';
import { okResponse, uuid } from '../contracts/common.js';
import { synonymGroup, synonymGroupBody, synonymGroupList } from '../contracts/search.js';
import { defineOps } from './op.js';
import * as routes from './search.js';

const params = z.object({ id: uuid });

export const searchOps = defineOps(routes, {
  searchProducts: {
    tags: ['search'],
    summary: 'Search, filter, sort and page the store’s products',
    querystring: searchQuery,
    response: { 200: searchResponse },
  },
  listSynonymGroups: {
    tags: ['admin'],
    summary: 'The store’s search synonym groups',
    response: { 200: synonymGroupList },
  },
  createSynonymGroup: {
    tags: ['admin'],
    summary: 'Add a group of words that mean the same to shoppers',
    body: synonymGroupBody,
    response: { 201: synonymGroup },
  },
  updateSynonymGroup: {
    tags: ['admin'],
    summary: 'Replace the words of a synonym group',
    params,
    body: synonymGroupBody,
    response: { 200: synonymGroup },
  },
  deleteSynonymGroup: { tags: ['admin'], summary: 'Delete a synonym group', params, response: { 200: okResponse } },
});
