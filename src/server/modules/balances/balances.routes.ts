/**
 * Seller routes of the store's money: balance summary, payment history, payouts, bank account. Who may do
 * what is decision 090: the money permission reads (summary, history, the masked account); paying out and changing
 * the bank account are the owners' alone, and a change asks for the owner's password again, counted with that
 * account's sign-in attempts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balanceSummary,
  bankAccountInput,
  bankAccountResponse,
  bankAccountView,
  paymentHistory,
  payoutRequest,
  payoutView,
} from '../../../shared/contracts/balances.js';
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
  app.get(
    '/api/admin/balance/summary',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pending, available and total balance, order counts and daily sales',
        response: { 200: balanceSummary },
      },
    },
    async (request) => getBalanceSummary(sellerContext(request, 'money')),
  );

  app.get(
    '/api/admin/balance/payment-history',
    {
      schema: { tags: ['admin'], summary: 'Payouts and balance movements', response: { 200: paymentHistory } },
    },
    async (request) => getPaymentHistory(sellerContext(request, 'money')),
  );

  app.post(
    '/api/admin/balance/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Owners only: pay out available money to the store’s bank account',
        description: 'Refused with PAYOUT_ON_HOLD for 24 hours after the bank account was replaced.',
        body: payoutRequest,
        response: { 201: payoutView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await requestPayout(ownerContext(request), request.body.amountCents)),
  );

  app.get(
    '/api/admin/bank-account',
    {
      schema: {
        tags: ['admin'],
        summary: 'The store’s bank account (masked) and the banks to choose from',
        response: { 200: bankAccountResponse },
      },
    },
    async (request) => ({ account: await getBankAccount(sellerContext(request, 'money')), banks: [...BANKS] }),
  );

  app.put(
    '/api/admin/bank-account',
    {
      schema: {
        tags: ['admin'],
        summary: 'Owners only: set the store’s bank account for payouts, with the owner’s password',
        description: 'Emails every owner; a replaced CLABE holds payouts for 24 hours.',
        body: bankAccountInput,
        response: { 200: bankAccountView },
      },
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      ...accountRateLimit(app, SELLER_PASSWORD_LIMIT, (request) => request.actor?.email ?? ''),
    },
    async (request) => saveBankAccount(ownerContext(request), request.body),
  );
};
export default routes;
