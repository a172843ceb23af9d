/**
 * HTTP caching of public catalogue answers (decision 033): an ETag with 304 Not Modified on a matching
 * If-None-Match, and `Cache-Control: public, max-age=5, stale-while-revalidate=30`. A browser or CDN may so show an
 * answer up to 35 s old (stock and price included); checkout checks stock and price again, so nothing gone can be
 * sold. The store comes from the X-Store-Domain header or the Host, hence `Vary: X-Store-Domain`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './answer-cache.js';

/** Seconds a cached answer is fresh, and how long after that it may be shown while it is refreshed. */
export const CACHE_MAX_AGE_S = 5;
export const CACHE_STALE_WHILE_REVALIDATE_S = 30;

/** True when an If-None-Match header (a list, or `*`) names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === bare;
  });
}

/** Sends a cached JSON answer with its validators, or 304 when the client already has it. */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  reply
    .header('etag', answer.etag)
    .header(
      'cache-control',
      `public, max-age=${CACHE_MAX_AGE_S}, stale-while-revalidate=${CACHE_STALE_WHILE_REVALIDATE_S}`,
    )
    .header('vary', 'X-Store-Domain');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type(contentType).send(answer.body);
}
