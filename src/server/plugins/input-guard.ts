/**
 * Safety net under the request schemas: no U+0000 reaches a query. PostgreSQL cannot store a NUL
 * in text or jsonb, so one in any string or object key would be a 500 on both databases. The contracts refuse control
 * characters field by field (`text()` in shared/contracts/common.ts, with a translated field message); this hook
 * catches what a schema forgot (a bare `z.string()`, a `z.record` key, a route without a schema) after validation,
 * and answers the same 400 VALIDATION_FAILED. Headers never reach a query unparsed: the store domain is normalised
 * to [a-z0-9.-], the bearer token is hashed, Accept-Language picks one of two locales.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { translator } from '../lib/i18n.js';

/** The dotted path of the first string or key holding U+0000 in `value`, or null. Iterative: no stack overflow. */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return at.replace(/\u0000/g, '\\0');
        stack.push([child, at]);
      }
    }
  }
  return null;
}

export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const found = findNul(value);
      if (found === null) continue;
      const path = part === 'body' ? found : found ? `${part}.${found}` : part;
      const message = translator(request.locale)('errors:fields.control_characters');
      throw new AppError('VALIDATION_FAILED', {}, [{ path, code: 'control_characters', message }]);
    }
  });
});
