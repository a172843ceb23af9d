/** Routes of the subscriptions module: the public plans and the owner's subscription. Schemas in subscriptions.ops.ts. */
export const publicPlans = { name: 'publicPlans', method: 'GET', path: '/api/platform/plans' } as const;
export const getSubscription = { name: 'getSubscription', method: 'GET', path: '/api/admin/subscription' } as const;
export const changePlan = { name: 'changePlan', method: 'PUT', path: '/api/admin/subscription/plan' } as const;
export const saveSubscriptionCard = {
  name: 'saveSubscriptionCard',
  method: 'PUT',
  path: '/api/admin/subscription/payment-method',
} as const;
export const payNow = { name: 'payNow', method: 'POST', path: '/api/admin/subscription/pay' } as const;
export const cancelSubscription = {
  name: 'cancelSubscription',
  method: 'POST',
  path: '/api/admin/subscription/cancel',
} as const;
