/**
 * Seller routes of the store's subscription (decisions 060-062), owner only: open even while
 * the store is suspended (gate.ts), so that the seller can pay and reactivate it. Also the public list of plans with
 * their fee on sales, for the platform's home (decision 096).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionsOps as ops } from '../../../shared/routes/subscriptions.ops.js';
import { route } from '../../lib/route.js';
import { baseContext, ownerContext } from '../../plugins/request-context.js';
import { publicPlanList } from './fee-rates.js';
import { cancelSubscription, changePlan, getSubscription, payNow, savePaymentMethod } from './subscriptions.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.publicPlans, async (request) => publicPlanList(baseContext(request)));

  route(app, ops.getSubscription, async (request) => getSubscription(ownerContext(request)));

  route(app, ops.changePlan, async (request) => changePlan(ownerContext(request), request.body.planId));

  route(app, ops.saveSubscriptionCard, async (request) => savePaymentMethod(ownerContext(request), request.body));

  route(app, ops.payNow, async (request) => payNow(ownerContext(request)));

  route(app, ops.cancelSubscription, async (request) => cancelSubscription(ownerContext(request)));
};

export default routes;
