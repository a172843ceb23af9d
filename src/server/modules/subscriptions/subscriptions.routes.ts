/**
 * Seller routes of the store's subscription (decisions 060-062), owner only: open even while
 * the store is suspended (gate.ts), so that the seller can pay and reactivate it. Also the public list of plans with
 * their fee on sales, for the platform's home (decision 096).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePlanInput,
  paymentMethodInput,
  publicPlans,
  subscriptionResponse,
  subscriptionView,
} from '../../../shared/contracts/subscriptions.js';
import { baseContext, ownerContext } from '../../plugins/request-context.js';
import { publicPlanList } from './fee-rates.js';
import { cancelSubscription, changePlan, getSubscription, payNow, savePaymentMethod } from './subscriptions.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/platform/plans',
    {
      schema: {
        tags: ['platform'],
        summary: 'The plans on sale: price, period and Vitrina’s fee on sales; the free trial’s days (public)',
        response: { 200: publicPlans },
      },
    },
    async (request) => publicPlanList(baseContext(request)),
  );

  app.get(
    '/api/admin/subscription',
    {
      schema: {
        tags: ['admin'],
        summary: 'My subscription (plan, card, next payment), the plans and the charges',
        response: { 200: subscriptionResponse },
      },
    },
    async (request) => getSubscription(ownerContext(request)),
  );

  app.put(
    '/api/admin/subscription/plan',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the plan (from the next payment)',
        body: changePlanInput,
        response: { 200: subscriptionView },
      },
    },
    async (request) => changePlan(ownerContext(request), request.body.planId),
  );

  app.put(
    '/api/admin/subscription/payment-method',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save the card (a payment provider token) the subscription is charged to',
        body: paymentMethodInput,
        response: { 200: subscriptionView },
      },
    },
    async (request) => savePaymentMethod(ownerContext(request), request.body),
  );

  app.post(
    '/api/admin/subscription/pay',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pay the unpaid period now (reactivates a suspended store)',
        response: { 200: subscriptionView },
      },
    },
    async (request) => payNow(ownerContext(request)),
  );

  app.post(
    '/api/admin/subscription/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel at the end of the paid period',
        response: { 200: subscriptionView },
      },
    },
    async (request) => cancelSubscription(ownerContext(request)),
  );
};

export default routes;
