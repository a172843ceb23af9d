/**
 * Seller routes of the store's money: balance summary, payment history, payouts, bank account. Who may do
 * what is decision 090: the money permission reads (summary, history, the masked account); paying out and changing
 * the bank account are the owners' alone, and a change asks for the owner's password again, counted with that
 * account's sign-in attempts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balancesOps as ops } from '../../../shared/routes/balances.ops.js';
import { route } from '../../lib/route.js';
import { ownerContext, sellerContext } from '../../plugins/request-context.js';
import { accountRateLimit, SELLER_PASSWORD_LIMIT } from '../../plugins/account-rate-limit.js';
import {
  BANKS,
  getBalanceSummary,
  getBankAccount,
  getPaymentHistory,
  requestPayout,
  saveBankAccount,
} from './balances.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.balanceSummary, async (request) => getBalanceSummary(sellerContext(request, 'money')));

  route(app, ops.paymentHistory, async (request) => getPaymentHistory(sellerContext(request, 'money')));

  route(app, ops.requestPayout, async (request, reply) =>
    reply.code(201).send(await requestPayout(ownerContext(request), request.body.amountCents)),
  );

  route(app, ops.getBankAccount, async (request) => ({
    account: await getBankAccount(sellerContext(request, 'money')),
    banks: [...BANKS],
  }));

  route(
    app,
    ops.saveBankAccount,
    {
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      ...accountRateLimit(app, SELLER_PASSWORD_LIMIT, (request) => request.actor?.email ?? ''),
    },
    async (request) => saveBankAccount(ownerContext(request), request.body),
  );
};
export default routes;
