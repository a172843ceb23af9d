/**
 * The per-account limit on password guesses (decision 025; docs/security.md): AUTH_ACCOUNT_RATE_LIMIT attempts per
 * account in ACCOUNT_WINDOW_MS, whatever the IP, so a botnet guessing one password gets that many tries. Every route
 * that checks a seller's password (sign-in at /admin/login, the re-authentication of a bank-account change) counts in
 * the same budget, SELLER_PASSWORD_LIMIT keyed by the account's email: a stolen session gains no extra guesses by
 * asking for the password somewhere else. The key is a digest, so no email sits in Redis.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { hashToken } from '../lib/tokens.js';

/** Window of the per-account limit (AUTH_ACCOUNT_RATE_LIMIT attempts per account in it). */
export const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** The budget every check of a seller's (platform account's) password counts in, keyed by the account's email. */
export const SELLER_PASSWORD_LIMIT = 'admin-login';

type Check = ReturnType<FastifyInstance['createRateLimit']>;
/** The limiters of each app (its HTTP server is the same in every plugin context) by budget name. */
const limiters = new WeakMap<object, Map<string, { check: Check; keys: WeakMap<FastifyRequest, string> }>>();

/**
 * One limiter per app and budget: each createRateLimit has its own in-process store, so routes that share a budget
 * must share the limiter (with Redis the key alone would do). The route tells the account through `keys`.
 */
function limiter(app: FastifyInstance, name: string) {
  let byName = limiters.get(app.server);
  if (!byName) limiters.set(app.server, (byName = new Map()));
  let entry = byName.get(name);
  if (!entry) {
    const keys = new WeakMap<FastifyRequest, string>();
    // createRateLimit, not rateLimit(): the latter skips a request the per-IP hook already counted.
    const check = app.createRateLimit({
      max: app.config.AUTH_ACCOUNT_RATE_LIMIT,
      timeWindow: ACCOUNT_WINDOW_MS,
      keyGenerator: (request) => `account:${name}:${hashToken(keys.get(request) ?? '')}`,
    });
    entry = { check, keys };
    byName.set(name, entry);
  }
  const { check, keys } = entry;
  return (request: FastifyRequest, account: string) => {
    keys.set(request, account);
    return check(request);
  };
}

/**
 * Route options with a preHandler that counts the request against `name`'s budget for the account `account(request)`
 * names, and answers 429 RATE_LIMITED (with Retry-After) once it is spent. Runs as a preHandler, once the body is
 * parsed and the actor known.
 */
export function accountRateLimit(app: FastifyInstance, name: string, account: (request: FastifyRequest) => string) {
  const check = limiter(app, name);
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const limit = await check(request, account(request));
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw new AppError('RATE_LIMITED');
    },
  };
}
