/**
 * GET /api/admin/visitas (decisions 161, 162): the store's visits report, for whoever may see its orders (the
 * dashboard's permission). This instance's queued page views and searches are written first, so the figures include
 * the last second.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitsOps as ops } from '../../../shared/routes/visits.ops.js';
import type { VisitPeriod } from '../../../shared/contracts/visits.js';
import { route } from '../../lib/route.js';
import { sellerContext } from '../../plugins/request-context.js';
import { getVisitsReport } from './visits-report.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.getVisitsReport, async (request) => {
    const ctx = sellerContext(request, 'orders');
    await Promise.all([app.visits.flush(), app.searchTerms.flush()]);
    return getVisitsReport(ctx, request.query.days as VisitPeriod);
  });
};

export default routes;
