/**
 * Server-rendered storefront pages kept per store and URL (decision 070), in the answer cache of decision 033: an
 * entry is dropped on every change the change feed reports for the store (products, departments, store settings and
 * status), on this instance and every other, and at the latest after five minutes (the key carries the five-minute
 * slot), so anything the feed does not report is never older than that. Each response still gets its own CSP nonces: the
 * cached page remembers the nonces it was rendered with and they are swapped for the response's (128-bit random hex
 * strings, which no page text repeats by chance).
 *
 * Only the pages a first visit lands on are kept: home, `/search` without words, department and category lists and
 * product pages (`q` is left out, so the shopper's own words never fill the cache).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isEntryPage } from './ssr.js';

/** How long a cached page may be served at most, whatever the change feed says (ms). */
const PAGE_MAX_AGE_MS = 5 * 60_000;

class NotRendered extends Error {}

/** True when the request's page may come from the cache. */
export function isCacheablePage(request: FastifyRequest): boolean {
  if (!request.store || request.store.status !== 'active' || !request.store.published) return false;
  const url = new URL(request.url, 'http://localhost');
  return isEntryPage(url.pathname) && !url.searchParams.has('q') && request.url.length <= 300;
}

/**
 * The page for `request`: from the cache when `isCacheablePage`, else (and on a miss) from `render`. `render` is the
 * full page render with this response's nonces.
 */
export async function cachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  render: () => Promise<string>,
): Promise<string> {
  if (!isCacheablePage(request)) return render();
  const { script, style } = reply.cspNonce;
  const slot = Math.floor(Date.now() / PAGE_MAX_AGE_MS);
  const key = `page\u0000${slot}\u0000${request.url}`;
  let uncached: string | null = null;
  const answer = await request.server.answerCache
    .get(request.store!.id, key, async () => {
      const page = await render();
      // A page served as the plain shell (its render failed) is not kept: the next request renders again.
      if (!page.includes('id="vitrina-state"')) {
        uncached = page;
        throw new NotRendered();
      }
      return { body: `${script}\n${style}\n${page}` };
    })
    .catch((err: unknown) => {
      if (err instanceof NotRendered) return null;
      throw err;
    });
  // Not kept: this request's own shell, or (a request that shared another's failed render) a render of its own.
  if (!answer) return uncached ?? render();
  const [cachedScript, cachedStyle] = answer.body.split('\n', 2);
  const html = answer.body.slice(cachedScript.length + cachedStyle.length + 2);
  if (cachedScript === script && cachedStyle === style) return html;
  return html.split(cachedScript).join(script).split(cachedStyle).join(style);
}
