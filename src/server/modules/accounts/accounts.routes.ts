/** HTTP routes of the accounts module (sign-up, sign-in, password reset, addresses; /api/user). */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsOps } from '../../../shared/routes/accounts.ops.js';
import { buyerAccountOps } from '../../../shared/routes/buyer-account.ops.js';
import { route } from '../../lib/route.js';
import { baseContext, customerContext, requestOrigin, storeContext } from '../../plugins/request-context.js';
import { accountRateLimit, SELLER_PASSWORD_LIMIT } from '../../plugins/account-rate-limit.js';
import * as accounts from './accounts.service.js';
import * as reset from './password-reset.js';
import * as buyer from './buyer-account.js';
import { enqueue } from '../../jobs/queue.js';
import { configurePasswordHashing } from './password.js';

const ops = { ...accountsOps, ...buyerAccountOps };

const routes: FastifyPluginAsyncZod = async (app) => {
  /** Brute-force limit on sign-in, sign-up and reset endpoints, per IP (in addition to the global limit). */
  const AUTH_RATE_LIMIT = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };
  /**
   * The same endpoints limited per account, whatever the IP: a botnet guessing one password, or
   * mailing one victim, gets AUTH_ACCOUNT_RATE_LIMIT tries per 15 minutes (plugins/account-rate-limit.ts).
   */
  const perAccount = (name: string, account: (request: FastifyRequest) => string) =>
    accountRateLimit(app, name, account);
  const emailOf = (request: FastifyRequest) =>
    String((request.body as { email?: unknown } | undefined)?.email ?? '')
      .trim()
      .toLowerCase();
  const customerAccount = (request: FastifyRequest) => `${request.store?.id ?? '-'}:${emailOf(request)}`;
  configurePasswordHashing({
    concurrency: app.config.PASSWORD_HASH_CONCURRENCY,
    maxQueue: app.config.PASSWORD_HASH_QUEUE_MAX,
  });

  route(app, ops.registerCustomer, { config: AUTH_RATE_LIMIT }, async (request, reply) =>
    reply.status(201).send(await accounts.registerCustomer(storeContext(request), request.body)),
  );

  route(app, ops.loginCustomer, { config: AUTH_RATE_LIMIT, ...perAccount('login', customerAccount) }, async (request) =>
    accounts.loginCustomer(storeContext(request), request.body.email, request.body.password),
  );

  route(app, ops.logout, async (request) => {
    await accounts.logout(baseContext(request));
    return { ok: true as const };
  });

  route(app, ops.currentUser, async (request) => {
    // A customer token only counts on its own store's domain; seller tokens are not tied to a domain.
    return accounts.currentUser(request.actor?.role === 'customer' ? storeContext(request) : baseContext(request));
  });

  route(
    app,
    ops.recoverPassword,
    { config: AUTH_RATE_LIMIT, ...perAccount('recover', customerAccount) },
    async (request) => {
      const ctx = storeContext(request);
      const { email } = request.body;
      const origin = requestOrigin(request);
      // Answered before the email is even looked up: known and unknown emails take one path (no enumeration by time);
      // the look-up, the link and the mail are a job (src/server/jobs).
      await enqueue(ctx, 'password-reset-email', { storeId: ctx.storeId, email, origin, locale: ctx.locale });
      return { ok: true as const };
    },
  );

  route(app, ops.checkPasswordReset, async (request) =>
    reset.checkPasswordReset(storeContext(request), request.params.token),
  );

  route(
    app,
    ops.resetPassword,
    {
      config: AUTH_RATE_LIMIT,
      ...perAccount('reset', (request) => String((request.body as { token?: unknown } | undefined)?.token ?? '')),
    },
    async (request) => {
      await reset.resetPassword(storeContext(request), request.body.token, request.body.password);
      return { ok: true as const };
    },
  );

  route(app, ops.listAddresses, async (request) => accounts.listAddresses(customerContext(request)));

  route(app, ops.addAddress, async (request, reply) =>
    reply.status(201).send(await buyer.addAddress(customerContext(request), request.body)),
  );

  route(app, ops.deleteAddress, async (request) => {
    await buyer.deleteAddress(customerContext(request), request.params.id);
    return { ok: true as const };
  });

  route(app, ops.updateAddress, async (request) =>
    buyer.updateAddress(customerContext(request), request.params.id, request.body),
  );

  route(app, ops.setDefaultAddress, async (request) =>
    buyer.setDefaultAddress(customerContext(request), request.params.id),
  );

  /** The buyer's own account: each change is limited per account like sign-in, since it checks a password. */
  const buyerAccount = (request: FastifyRequest) => `${request.store?.id ?? '-'}:${request.actor?.userId ?? '-'}`;

  route(app, ops.updateProfile, async (request) => buyer.updateProfile(customerContext(request), request.body));

  route(
    app,
    ops.requestEmailChange,
    { config: AUTH_RATE_LIMIT, ...perAccount('email-change', buyerAccount) },
    async (request, reply) =>
      reply
        .status(202)
        .send(await buyer.requestEmailChange(customerContext(request), request.body, requestOrigin(request))),
  );

  route(
    app,
    ops.confirmEmailChange,
    {
      config: AUTH_RATE_LIMIT,
      ...perAccount('email-confirm', (request) =>
        String((request.body as { token?: unknown } | undefined)?.token ?? ''),
      ),
    },
    async (request) => buyer.confirmEmailChange(storeContext(request), request.body.token),
  );

  route(
    app,
    ops.changePassword,
    { config: AUTH_RATE_LIMIT, ...perAccount('password-change', buyerAccount) },
    async (request) => ({
      ok: true as const,
      ...(await buyer.changePassword(customerContext(request), request.body)),
    }),
  );

  route(
    app,
    ops.deleteAccount,
    { config: AUTH_RATE_LIMIT, ...perAccount('delete-account', buyerAccount) },
    async (request) => {
      await buyer.deleteAccount(customerContext(request), request.body.currentPassword);
      return { ok: true as const };
    },
  );

  route(app, ops.lookupPostalCode, async (request) =>
    accounts.lookupPostalCode({ db: request.server.db }, request.params.cp),
  );

  route(
    app,
    ops.loginSeller,
    { config: AUTH_RATE_LIMIT, ...perAccount(SELLER_PASSWORD_LIMIT, emailOf) },
    async (request) => accounts.loginSeller(baseContext(request), request.body.email, request.body.password),
  );
};
export default routes;
