/**
 * GET /robots.txt and GET /sitemap.xml: served by the server with their own content types for the store of
 * the request's domain (they used to answer the app's HTML). The sitemap is cached until the catalogue changes.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { sendCachedAnswer } from '../../lib/http-cache.js';
import { storeContext } from '../../plugins/request-context.js';
import { getSitemapEntries } from '../catalog/index.js';
import { listDomains } from '../stores/index.js';
import { robotsTxt, sitemapIndex, sitemapUrls, SITEMAP_URLS_PER_FILE, storeOrigin, urlset } from './seo.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  /** The store's origin, or null when the request names no open store. */
  async function openStoreOrigin(request: Parameters<typeof storeContext>[0]): Promise<string | null> {
    if (!request.store) await app.resolveStore(request);
    const store = request.store;
    if (!store || store.status !== 'active' || !store.websiteActive || !store.published) return null;
    const domains = await listDomains(storeContext(request));
    const primary = domains.find((d) => d.status === 'active');
    return primary ? storeOrigin(primary.hostname, app.config.PORT) : null;
  }

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const origin = await openStoreOrigin(request);
    const site = origin ? { origin } : request.store ? 'closed' : 'platform';
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(robotsTxt(site));
  });

  app.get(
    '/sitemap.xml',
    { schema: { hide: true, querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).optional() }) } },
    async (request, reply) => {
      const origin = await openStoreOrigin(request);
      if (!origin) throw new AppError('NOT_FOUND');
      const ctx = storeContext(request);
      const page = request.query.page;
      const answer = await app.answerCache.get(ctx.storeId, `sitemap\u0000${origin}\u0000${page ?? 0}`, async () => {
        const urls = sitemapUrls(origin, await getSitemapEntries(ctx));
        const pages = Math.ceil(urls.length / SITEMAP_URLS_PER_FILE);
        if (page === undefined) return { body: pages <= 1 ? urlset(urls) : sitemapIndex(origin, pages) };
        if (page > pages) throw new AppError('NOT_FOUND');
        return { body: urlset(urls.slice((page - 1) * SITEMAP_URLS_PER_FILE, page * SITEMAP_URLS_PER_FILE)) };
      });
      return sendCachedAnswer(request, reply, answer, 'application/xml; charset=utf-8');
    },
  );
};
export default routes;
