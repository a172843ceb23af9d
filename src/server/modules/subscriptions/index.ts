/** Public interface of the subscriptions module (decisions 060-062). */
export {
  ensureSubscription,
  ensureAllSubscriptions,
  getSubscription,
  changePlan,
  savePaymentMethod,
  cancelSubscription,
  payNow,
  renewSubscription,
  runRenewals,
  type ChargeContext,
  type ChargeOutcome,
} from './subscriptions.service.js';
export { PLANS, TRIAL_DAYS, RETRY_HOURS, GRACE_DAYS } from './plans.js';
export { subscriptionEmailJob, subscriptionRenewalsJob } from './subscription-jobs.js';
export { openWhileSuspended } from './gate.js';
export { planFeeRates, storeFeeBps, storesFeeBps } from './fee-rates.js';
export { storesPlans, setPlanFeeBps, paidWithoutGap, type StorePlan } from './plan-overview.js';
