/**
 * The page-view beacon (POST /api/visitas; decision 161) and this instance's recorder, `app.visits`, which writes the
 * views in batches off the request path and once more when the app closes.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsOps as ops } from '../../../shared/routes/analytics.ops.js';
import { route } from '../../lib/route.js';
import { storeContext } from '../../plugins/request-context.js';
import { createVisitRecorder, type VisitRecorder } from './visit-recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's page-view recorder (analytics/visit-recorder.ts). */
    visits: VisitRecorder;
  }
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const routes: FastifyPluginAsyncZod = async (app) => {
  const visits = createVisitRecorder({ db: app.db }, { log: app.log });
  app.decorate('visits', visits);
  app.addHook('onClose', async () => visits.close());

  route(app, ops.recordPageView, async (request, reply) => {
    // Only a published, active store's pages count (storeContext refuses the others with their 4xx).
    const ctx = storeContext(request);
    visits.record({
      storeId: ctx.storeId,
      // The client's IP as Fastify resolves it: forwarded headers only from TRUST_PROXY.
      ip: request.ip,
      userAgent: header(request.headers['user-agent']),
      doNotTrack: header(request.headers['dnt']),
      globalPrivacyControl: header(request.headers['sec-gpc']),
    });
    return reply.status(204).send();
  });
};
// Not encapsulated, so `app.visits` is visible to the report's route and to tests.
export default fp(routes, { name: 'visits' });
