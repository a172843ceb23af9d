/** The platform operator's operations (routes in operator.ts): every one but sign-in needs an operator session. */
import { okResponse } from '../contracts/common.js';
import {
  auditPage,
  auditQuery,
  badgeDecisionBody,
  badgeRequestList,
  badgeRequestsQuery,
  documentParams,
  escalatedReportList,
  feeRateBody,
  feeRates,
  operatorBadgeRequest,
  operatorLoginBody,
  operatorMe,
  operatorSession,
  operatorStoreDetail,
  operatorStoresPage,
  operatorStoresQuery,
  requestIdParams,
  storeIdParams,
  suspensionBody,
} from '../contracts/operator.js';
import { defineOps } from './op.js';
import * as routes from './operator.js';

const tags = ['operator'];

export const operatorOps = defineOps(routes, {
  operatorLogin: {
    tags,
    summary: 'Sign in to the operator area (its own session: a store or buyer token never opens it)',
    body: operatorLoginBody,
    response: { 200: operatorSession },
  },
  operatorLogout: { tags, summary: 'Sign out of the operator area', response: { 200: okResponse } },
  operatorMe: { tags, summary: 'The signed-in operator', response: { 200: operatorMe } },
  operatorStores: {
    tags,
    summary: 'Every store with plan, status, sales of the last 30 days and flags, searched and paged',
    querystring: operatorStoresQuery,
    response: { 200: operatorStoresPage },
  },
  operatorStore: {
    tags,
    summary: 'One store: owners, badges, badge requests and history',
    params: storeIdParams,
    response: { 200: operatorStoreDetail },
  },
  operatorSuspendStore: {
    tags,
    summary: 'Suspend a store: storefront and admin answer 402; orders in flight are kept and still shipped',
    params: storeIdParams,
    body: suspensionBody,
    response: { 200: operatorStoreDetail },
  },
  operatorReactivateStore: {
    tags,
    summary: 'Reactivate a suspended store',
    params: storeIdParams,
    body: suspensionBody,
    response: { 200: operatorStoreDetail },
  },
  operatorBadgeRequests: {
    tags,
    summary: 'Badge requests of every store (pending first by default)',
    querystring: badgeRequestsQuery,
    response: { 200: badgeRequestList },
  },
  operatorBadgeRequest: {
    tags,
    summary: 'One badge request with its documents',
    params: requestIdParams,
    response: { 200: operatorBadgeRequest },
  },
  operatorBadgeDocument: {
    tags,
    summary: 'A document of a badge request (a private upload of the store), for the operator to read',
    params: documentParams,
  },
  operatorDecideBadge: {
    tags,
    summary: 'Accept (grant the badge through the documents’ earliest expiry) or reject a badge request',
    params: requestIdParams,
    body: badgeDecisionBody,
    response: { 200: operatorBadgeRequest },
  },
  operatorFeeRates: { tags, summary: 'Each plan’s fee on sales, basis points', response: { 200: feeRates } },
  operatorSetFeeRate: {
    tags,
    summary: 'Set a plan’s fee on sales (basis points, 0-3000); new orders take it',
    body: feeRateBody,
    response: { 200: feeRates },
  },
  operatorReports: {
    tags,
    summary: 'Review and product reports the stores left pending too long',
    response: { 200: escalatedReportList },
  },
  operatorAudit: {
    tags,
    summary: 'The audit log of operator actions, newest first (append-only: no route changes it)',
    querystring: auditQuery,
    response: { 200: auditPage },
  },
});
