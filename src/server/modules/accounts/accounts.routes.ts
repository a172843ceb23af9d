/** HTTP routes of the accounts module (sign-up, sign-in, password reset, addresses; /api/user). */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  address,
  addressInput,
  loginBody,
  postalCodeLookup,
  recoverBody,
  registerBody,
  resetBody,
  resetCheckResponse,
  sessionResponse,
  user,
} from '../../../shared/contracts/accounts.js';
import { sellerSession } from '../../../shared/contracts/identity.js';
import { okResponse, postalCode, text, uuid } from '../../../shared/contracts/common.js';
import { baseContext, customerContext, requestOrigin, storeContext } from '../../plugins/request-context.js';
import { accountRateLimit, SELLER_PASSWORD_LIMIT } from '../../plugins/account-rate-limit.js';
import * as accounts from './accounts.service.js';
import * as reset from './password-reset.js';
import { enqueue } from '../../jobs/queue.js';
import { configurePasswordHashing } from './password.js';

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

  app.post(
    '/api/auth/register',
    { schema: { tags: ['accounts'], body: registerBody, response: { 201: sessionResponse } }, config: AUTH_RATE_LIMIT },
    async (request, reply) =>
      reply.status(201).send(await accounts.registerCustomer(storeContext(request), request.body)),
  );

  app.post(
    '/api/auth/login',
    {
      schema: { tags: ['accounts'], body: loginBody, response: { 200: sessionResponse } },
      config: AUTH_RATE_LIMIT,
      ...perAccount('login', customerAccount),
    },
    async (request) => accounts.loginCustomer(storeContext(request), request.body.email, request.body.password),
  );

  app.post('/api/auth/logout', { schema: { tags: ['accounts'], response: { 200: okResponse } } }, async (request) => {
    await accounts.logout(baseContext(request));
    return { ok: true as const };
  });

  app.get(
    '/api/user',
    { schema: { tags: ['accounts'], summary: 'The signed-in user (401 when anonymous)', response: { 200: user } } },
    async (request) => {
      // A customer token only counts on its own store's domain; seller tokens are not tied to a domain.
      return accounts.currentUser(request.actor?.role === 'customer' ? storeContext(request) : baseContext(request));
    },
  );

  app.post(
    '/api/auth/recover',
    {
      schema: { tags: ['accounts'], body: recoverBody, response: { 200: okResponse } },
      config: AUTH_RATE_LIMIT,
      ...perAccount('recover', customerAccount),
    },
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

  app.get(
    '/api/auth/reset/:token',
    {
      schema: {
        tags: ['accounts'],
        params: z.object({ token: text({ min: 10, max: 200 }) }),
        response: { 200: resetCheckResponse },
      },
    },
    async (request) => reset.checkPasswordReset(storeContext(request), request.params.token),
  );

  app.post(
    '/api/auth/reset',
    {
      schema: { tags: ['accounts'], body: resetBody, response: { 200: okResponse } },
      config: AUTH_RATE_LIMIT,
      ...perAccount('reset', (request) => String((request.body as { token?: unknown } | undefined)?.token ?? '')),
    },
    async (request) => {
      await reset.resetPassword(storeContext(request), request.body.token, request.body.password);
      return { ok: true as const };
    },
  );

  app.get('/api/addresses', { schema: { tags: ['accounts'], response: { 200: z.array(address) } } }, async (request) =>
    accounts.listAddresses(customerContext(request)),
  );

  app.post(
    '/api/addresses',
    { schema: { tags: ['accounts'], body: addressInput, response: { 201: address } } },
    async (request, reply) => reply.status(201).send(await accounts.addAddress(customerContext(request), request.body)),
  );

  app.delete(
    '/api/addresses/:id',
    { schema: { tags: ['accounts'], params: z.object({ id: uuid }), response: { 200: okResponse } } },
    async (request) => {
      await accounts.deleteAddress(customerContext(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/postal-codes/:cp',
    {
      schema: {
        tags: ['accounts'],
        summary: 'SEPOMEX look-up of a postal code',
        params: z.object({ cp: postalCode }),
        response: { 200: postalCodeLookup },
      },
    },
    async (request) => accounts.lookupPostalCode({ db: request.server.db }, request.params.cp),
  );

  app.post(
    '/api/admin/login',
    {
      schema: { tags: ['admin'], body: loginBody, response: { 200: sellerSession } },
      config: AUTH_RATE_LIMIT,
      ...perAccount(SELLER_PASSWORD_LIMIT, emailOf),
    },
    async (request) => accounts.loginSeller(baseContext(request), request.body.email, request.body.password),
  );
};
export default routes;
