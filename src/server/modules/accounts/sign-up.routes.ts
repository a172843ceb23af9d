/**
 * HTTP routes of seller sign-up (decisions 037, 100, 101): the sign-up itself with its limits per client address and
 * per hour platform-wide, the address check, the email-verification link, and the admin's verification banner.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsOps as ops } from '../../../shared/routes/accounts.ops.js';
import { route } from '../../lib/route.js';
import { baseContext, sellerAccountContext } from '../../plugins/request-context.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/tokens.js';
import { checkSlug, configureSignUpQueue, signUpSeller } from './sign-up.js';
import {
  emailVerificationState as getVerificationState,
  resendVerificationEmail,
  verifyEmail,
} from './email-verification.js';

const HOUR_MS = 60 * 60_000;
/** "Reenviar" in the admin: new verification links per seller and hour. */
const RESEND_PER_HOUR = 3;

const routes: FastifyPluginAsyncZod = async (app) => {
  const AUTH_RATE_LIMIT = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };
  configureSignUpQueue({ concurrency: app.config.SIGNUP_CONCURRENCY, maxQueue: app.config.SIGNUP_QUEUE_MAX });

  // Counted in the rate-limit store (Redis when configured, decision 031), so the bounds hold across instances.
  // createRateLimit, not rateLimit(): the latter skips a request the per-IP minute limit already counted.
  const perAddress = app.createRateLimit({
    max: app.config.SIGNUP_IP_LIMIT_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `signup:ip:${hashToken(request.ip)}`,
  });
  const platformWide = app.createRateLimit({
    max: app.config.SIGNUP_LIMIT_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: () => 'signup:platform',
  });
  const resendLimit = app.createRateLimit({
    max: RESEND_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `signup:resend:${request.actor?.userId ?? request.ip}`,
  });

  /**
   * After the body is valid (a malformed form costs nothing): the address's hourly sign-ups (429 RATE_LIMITED), then
   * the platform's (503 SERVER_BUSY: the platform is busy, not this client); both with Retry-After.
   */
  const signUpLimits = async (request: FastifyRequest, reply: FastifyReply) => {
    const mine = await perAddress(request);
    if (!mine.isAllowed && mine.isExceeded) {
      reply.header('retry-after', String(mine.ttlInSeconds));
      throw new AppError('RATE_LIMITED');
    }
    const all = await platformWide(request);
    if (!all.isAllowed && all.isExceeded) throw new AppError('SERVER_BUSY', { retryAfter: all.ttlInSeconds });
  };

  route(app, ops.signUpSeller, { config: AUTH_RATE_LIMIT, preHandler: signUpLimits }, async (request, reply) =>
    reply.status(202).send(await signUpSeller(baseContext(request), request.body)),
  );

  route(app, ops.checkSlug, async (request) => checkSlug({ db: request.server.db }, request.query.slug));

  route(app, ops.verifyEmail, { config: AUTH_RATE_LIMIT }, async (request) =>
    verifyEmail(baseContext(request), request.body.token),
  );

  route(app, ops.emailVerificationState, async (request) => getVerificationState(sellerAccountContext(request)));

  route(
    app,
    ops.resendVerificationEmail,
    {
      preHandler: async (request, reply) => {
        const limit = await resendLimit(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new AppError('RATE_LIMITED');
      },
    },
    async (request) => {
      await resendVerificationEmail(sellerAccountContext(request));
      return { ok: true as const };
    },
  );
};
export default routes;
