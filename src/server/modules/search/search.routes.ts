/**
 * HTTP route of the search module (/api/reseller/producto/search). Answers are cached per instance until the
 * store's catalogue changes, and carry an ETag and Cache-Control (decision 033).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchOps as ops } from '../../../shared/routes/search.ops.js';
import { route } from '../../lib/route.js';
import { searchResponse } from '../../../shared/contracts/catalog.js';
import { storeContext } from '../../plugins/request-context.js';
import { sendCachedAnswer } from '../../lib/http-cache.js';
import { searchProducts, type SearchEngines } from './search.service.js';
import { SearchIndexes } from './search-indexes.js';
import { words } from './text.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory search indexes of this instance (one per store). */
    searchIndexes: SearchIndexes;
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const indexes = new SearchIndexes(app.db, app.changeFeed, app.log, app.config.SEARCH_INDEX_MAX_PRODUCTS);
  app.decorate('searchIndexes', indexes);
  app.addHook('onClose', async () => indexes.close());
  const engines: SearchEngines = { indexes, engine: app.config.SEARCH_ENGINE };

  route(app, ops.searchProducts, async (request, reply) => {
    const ctx = storeContext(request);
    const q = request.query;
    // Queries that differ only in case, accents or punctuation share one answer.
    const key = ['search', words(q.q ?? '').join(' '), q.departamento, q.categoria, q.sort, q.page, q.pageSize].join(
      '\u0000',
    );
    const answer = await app.answerCache.get(ctx.storeId, key, async () => ({
      value: searchResponse.parse(await searchProducts(ctx, q, engines)),
    }));
    return sendCachedAnswer(request, reply, answer);
  });
};
// Not encapsulated, so `app.searchIndexes` is visible to the whole app (bench statistics, later an admin screen).
export default fp(routes, { name: 'search' });
