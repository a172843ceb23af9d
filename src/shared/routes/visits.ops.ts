/** The visits report operation (decisions 161, 162). */
import { visitsQuery, visitsReport } from '../contracts/visits.js';
import { defineOps } from './op.js';
import * as routes from './visits.js';

export const visitsOps = defineOps(routes, {
  getVisitsReport: {
    tags: ['admin'],
    summary: 'Visitors, page views, top products, searched words and conversion by day, in the store’s time zone',
    querystring: visitsQuery,
    response: { 200: visitsReport },
  },
});
