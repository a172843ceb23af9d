/** The subscriptions module's operations (routes in subscriptions.ts). */
import {
  changePlanInput,
  paymentMethodInput,
  publicPlans,
  subscriptionResponse,
  subscriptionView,
} from '../contracts/subscriptions.js';
import { defineOps } from './op.js';
import * as routes from './subscriptions.js';

export const subscriptionsOps = defineOps(routes, {
  publicPlans: {
    tags: ['platform'],
    summary: 'The plans on sale: price, period and Vitrina’s fee on sales; the free trial’s days (public)',
    response: { 200: publicPlans },
  },
  getSubscription: {
    tags: ['admin'],
    summary: 'My subscription (plan, card, next payment), the plans and the charges',
    response: { 200: subscriptionResponse },
  },
  changePlan: {
    tags: ['admin'],
    summary: 'Change the plan (from the next payment)',
    body: changePlanInput,
    response: { 200: subscriptionView },
  },
  saveSubscriptionCard: {
    tags: ['admin'],
    summary: 'Save the card (a payment provider token) the subscription is charged to',
    body: paymentMethodInput,
    response: { 200: subscriptionView },
  },
  payNow: {
    tags: ['admin'],
    summary: 'Pay the unpaid period now (reactivates a suspended store)',
    response: { 200: subscriptionView },
  },
  cancelSubscription: {
    tags: ['admin'],
    summary: 'Cancel at the end of the paid period',
    response: { 200: subscriptionView },
  },
});
