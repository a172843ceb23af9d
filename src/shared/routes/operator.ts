/** Routes of the platform operator's area (decisions 163-166), all under /api/operador. Schemas in operator.ops.ts. */
export const operatorLogin = { name: 'operatorLogin', method: 'POST', path: '/api/operador/login' } as const;
export const operatorLogout = { name: 'operatorLogout', method: 'POST', path: '/api/operador/logout' } as const;
export const operatorMe = { name: 'operatorMe', method: 'GET', path: '/api/operador/me' } as const;
export const operatorStores = { name: 'operatorStores', method: 'GET', path: '/api/operador/stores' } as const;
export const operatorStore = { name: 'operatorStore', method: 'GET', path: '/api/operador/stores/:storeId' } as const;
export const operatorSuspendStore = {
  name: 'operatorSuspendStore',
  method: 'POST',
  path: '/api/operador/stores/:storeId/suspend',
} as const;
export const operatorReactivateStore = {
  name: 'operatorReactivateStore',
  method: 'POST',
  path: '/api/operador/stores/:storeId/reactivate',
} as const;
export const operatorBadgeRequests = {
  name: 'operatorBadgeRequests',
  method: 'GET',
  path: '/api/operador/badge-requests',
} as const;
export const operatorBadgeRequest = {
  name: 'operatorBadgeRequest',
  method: 'GET',
  path: '/api/operador/badge-requests/:id',
} as const;
export const operatorBadgeDocument = {
  name: 'operatorBadgeDocument',
  method: 'GET',
  path: '/api/operador/badge-requests/:id/documents/:index',
} as const;
export const operatorDecideBadge = {
  name: 'operatorDecideBadge',
  method: 'POST',
  path: '/api/operador/badge-requests/:id/decision',
} as const;
export const operatorFeeRates = { name: 'operatorFeeRates', method: 'GET', path: '/api/operador/fee-rates' } as const;
export const operatorSetFeeRate = {
  name: 'operatorSetFeeRate',
  method: 'PUT',
  path: '/api/operador/fee-rates',
} as const;
export const operatorReports = { name: 'operatorReports', method: 'GET', path: '/api/operador/reports' } as const;
export const operatorAudit = { name: 'operatorAudit', method: 'GET', path: '/api/operador/audit' } as const;
