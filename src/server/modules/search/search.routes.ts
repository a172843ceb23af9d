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
import { searchProductsFor, type SearchEngines } from './search.service.js';
import { SearchIndexes } from './search-indexes.js';
import { words } from './text.js';
import { createSearchTermRecorder, searchTermOf } from './search-terms.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory search indexes of this instance (one per store). */
    searchIndexes: SearchIndexes;
    /** This instance's recorder of searched words (search-terms.ts; decision 161). */
    searchTerms: ReturnType<typeof createSearchTermRecorder>;
  }
}

/**
 * The `total` of a serialised search answer, read without parsing it: the answer's own key follows the `items` array,
 * so it is the last unescaped `"total":` in the text (a product's text would have its quotes escaped).
 */
function totalOf(body: string): number {
  const at = body.lastIndexOf('"total":');
  const n = at < 0 ? NaN : parseInt(body.slice(at + 8, at + 20), 10);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const indexes = new SearchIndexes(app.db, app.changeFeed, app.log, {
    maxBytes: app.config.SEARCH_MEMORY_MB * 1024 * 1024,
    buildConcurrency: app.config.SEARCH_BUILD_CONCURRENCY,
    coldWaitMs: app.config.SEARCH_COLD_WAIT_MS,
  });
  app.decorate('searchIndexes', indexes);
  app.addHook('onClose', async () => indexes.close());
  const engines: SearchEngines = { indexes, engine: app.config.SEARCH_ENGINE };
  const terms = createSearchTermRecorder({ db: app.db }, { log: app.log });
  app.decorate('searchTerms', terms);
  app.addHook('onClose', async () => terms.close());

  route(app, ops.searchProducts, async (request, reply) => {
    const ctx = storeContext(request);
    const q = request.query;
    // Queries that differ only in case, accents or punctuation share one answer.
    const key = ['search', words(q.q ?? '').join(' '), q.departamento, q.categoria, q.sort, q.page, q.pageSize].join(
      '\u0000',
    );
    const answer = await app.answerCache.get(ctx.storeId, key, async () => {
      const found = await searchProductsFor(ctx, q, engines);
      // A cold store's PostgreSQL answer is not kept: the next search, once the index is built, gets the index's.
      return {
        value: searchResponse.parse(found.answer),
        productIds: found.productIds ?? undefined,
        keep: !found.cold,
      };
    });
    // A shopper's search (first page, with words) is kept with its number of results, off the request path.
    const term = q.page === 1 ? searchTermOf(q.q) : null;
    if (term) {
      terms.record({ storeId: ctx.storeId, term, results: totalOf(answer.body) }, request.headers['user-agent']);
    }
    return sendCachedAnswer(request, reply, answer);
  });
};
// Not encapsulated, so `app.searchIndexes` is visible to the whole app (bench statistics, later an admin screen).
export default fp(routes, { name: 'search' });
