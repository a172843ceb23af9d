/** Seller routes of the store's money (issue 8): balance summary, payment history, payouts, bank account. */
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
import { sellerContext } from '../../plugins/request-context.js';
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
        summary: 'Pay out available money to the store’s bank account',
        body: payoutRequest,
        response: { 201: payoutView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await requestPayout(sellerContext(request, 'money'), request.body.amountCents)),
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
        summary: 'Set the store’s bank account for payouts',
        body: bankAccountInput,
        response: { 200: bankAccountView },
      },
    },
    async (request) => saveBankAccount(sellerContext(request, 'money'), request.body),
  );
};
export default routes;
