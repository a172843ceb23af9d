/** The supplier side of the marketplace's operations (routes in marketplace.ts). */
import {
  globalCatalogPage,
  globalCatalogQuery,
  globalOfferDetail,
  globalOfferParams,
  offerProductParams,
  publishOfferBody,
  supplierOffer,
} from '../contracts/marketplace.js';
import { defineOps } from './op.js';
import * as routes from './marketplace.js';

export const marketplaceOps = defineOps(routes, {
  getSupplierOffer: {
    tags: ['admin'],
    summary: 'A product of the store as a global catalogue offer: its variants, wholesale prices and state',
    params: offerProductParams,
    response: { 200: supplierOffer },
  },
  publishOffer: {
    tags: ['admin'],
    summary: 'Publish or update the product in the global catalogue at per-variant wholesale prices',
    description:
      'The store must be a supplier; the product its own, visible, not archived and not a listing of another ' +
      'supplier’s product. Republishing a withdrawn offer puts its listings in review.',
    params: offerProductParams,
    body: publishOfferBody,
    response: { 200: supplierOffer },
  },
  unpublishOffer: {
    tags: ['admin'],
    summary: 'Withdraw the product from the global catalogue; every listing of it stops selling',
    params: offerProductParams,
    response: { 200: supplierOffer },
  },
  searchGlobalCatalog: {
    tags: ['admin'],
    summary: 'Search the other suppliers’ published offers: text, filters, sort, facets, 24 per page',
    querystring: globalCatalogQuery,
    response: { 200: globalCatalogPage },
  },
  getGlobalOffer: {
    tags: ['admin'],
    summary: 'One published offer: product content, offered variants and the supplier’s card',
    params: globalOfferParams,
    response: { 200: globalOfferDetail },
  },
});
