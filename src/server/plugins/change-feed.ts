/**
 * Opens the database's change feed (src/server/db/change-feed.ts) for this app instance and the answer cache that
 * follows it: `app.changeFeed` for any code that keeps something in memory, `app.answerCache` for cached JSON answers.
 * Both close with the app.
 *
 * Read-your-writes: on PostgreSQL a notification reaches the listening connection a moment after the commit, so
 * before answering a request that may have written (any method but GET, HEAD and OPTIONS) the instance waits until it
 * has heard every change committed so far. The next request of that client then never sees a stale cached answer or
 * search index on this instance. Other instances catch up within the notification's latency (about a millisecond).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openChangeFeed, type ChangeFeed } from '../db/change-feed.js';
import { AnswerCache } from '../lib/answer-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
    answerCache: AnswerCache;
  }
}

export default fp(async function changeFeedPlugin(app: FastifyInstance) {
  const feed = await openChangeFeed(app.db, { log: app.log });
  app.decorate('changeFeed', feed);
  app.decorate(
    'answerCache',
    new AnswerCache(feed, {
      maxBytes: Math.round(app.config.ANSWER_CACHE_MB * 1024 * 1024),
      maxStaleMs: app.config.ANSWER_CACHE_STALE_MS,
    }),
  );
  if (feed.kind === 'postgres')
    app.addHook('onSend', async (request, _reply, payload) => {
      if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || !feed.live) return payload;
      await feed.sync().catch((err: unknown) => request.log.warn({ err }, 'change feed: sync before answering failed'));
      return payload;
    });
  app.addHook('onClose', async () => {
    app.answerCache.close();
    await feed.close();
  });
});
