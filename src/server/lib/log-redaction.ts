/**
 * What a request looks like in the logs (no secrets in logs). Password-reset tokens, guest order
 * view tokens and store-floor codes travel in URLs; a log line keeps the path and the query names, never their values.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets: reset links (`token`), order links (`viewToken`, `t`), one-time `code`. */
const SECRET_QUERY = new Set(['token', 'viewtoken', 't', 'code']);
/** Paths that carry a secret as a segment: GET /api/auth/reset/:token. */
const SECRET_PATH = /^(\/api\/auth\/reset\/)[^/?#]+/i;
export const REDACTED = '[redacted]';

/** `url` with secret path segments and secret query values replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = (q < 0 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (q < 0) return pathPart;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* a malformed name is logged as sent */
      }
      return eq >= 0 && SECRET_QUERY.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** Pino serializer of `req`: Fastify's default fields with the URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
