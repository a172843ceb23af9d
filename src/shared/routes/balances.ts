/** Routes of the store's money (balances module): summary, history, payouts, bank account. Schemas in balances.ops.ts. */
export const balanceSummary = { name: 'balanceSummary', method: 'GET', path: '/api/admin/balance/summary' } as const;
export const paymentHistory = {
  name: 'paymentHistory',
  method: 'GET',
  path: '/api/admin/balance/payment-history',
} as const;
export const requestPayout = { name: 'requestPayout', method: 'POST', path: '/api/admin/balance/payouts' } as const;
export const getBankAccount = { name: 'getBankAccount', method: 'GET', path: '/api/admin/bank-account' } as const;
export const saveBankAccount = { name: 'saveBankAccount', method: 'PUT', path: '/api/admin/bank-account' } as const;
