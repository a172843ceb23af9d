/**
 * The analytics module's operations. The wire's Spanish names become English at this edge: `codigosStrings` is
 * `joinedProductCodes`, `codigo` is `productCode`.
 */
import { getVistosBody, getVistosResponse, vistoBody } from '../contracts/catalog.js';
import { defineOps } from './op.js';
import * as routes from './analytics.js';

export const analyticsOps = defineOps(routes, {
  recentlyViewed: {
    tags: ['analytics'],
    summary: 'Current cards of recently viewed products (codes joined by commas)',
    body: getVistosBody.transform((b) => ({ joinedProductCodes: b.codigosStrings })),
    response: { 200: getVistosResponse },
  },
  recordProductView: {
    tags: ['analytics'],
    summary: 'Record a product view',
    body: vistoBody.transform((b) => ({ productCode: b.codigo })),
  },
  recordPageView: {
    tags: ['analytics'],
    summary: 'Record a storefront page view (bots not counted; DNT / Sec-GPC counted without a visitor key)',
  },
});
