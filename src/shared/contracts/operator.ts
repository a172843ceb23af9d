/**
 * The platform operator's area (decisions 163-166): sign-in, the stores list and detail, suspension, badge requests,
 * fee rates per plan, escalated review reports and the audit log. Money is integer centavos MXN; fee rates are basis
 * points (350 = 3.5 %).
 */
import { z } from 'zod';
import { email, text, uuid } from './common.js';
import { badgeEvent, badgeId, badgeRequest, heldBadge } from './badges.js';

/** POST /api/operador/login */
export const operatorLoginBody = z.object({ email, password: text({ min: 1, max: 200, trim: false }) });
export const operatorMe = z.object({ id: z.string(), email: z.string(), fullName: z.string() });
export const operatorSession = z.object({ token: z.string(), operator: operatorMe });
export type OperatorMe = z.infer<typeof operatorMe>;

/** GET /api/operador/stores?q=&page= */
export const operatorStoresQuery = z.object({
  q: text({ max: 100 }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const operatorStoreRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  hostname: z.string().nullable(),
  status: z.string(),
  suspendedBy: z.string().nullable(),
  plan: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  /** Paid orders of the last 30 days and their total (centavos). */
  orders30d: z.number().int(),
  sales30dCents: z.number().int(),
  badges: z.array(badgeId),
  pendingBadgeRequests: z.number().int(),
  escalatedReports: z.number().int(),
  createdAt: z.string(),
});
export type OperatorStoreRow = z.infer<typeof operatorStoreRow>;

export const operatorStoresPage = z.object({
  stores: z.array(operatorStoreRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OperatorStoresPage = z.infer<typeof operatorStoresPage>;

export const storeIdParams = z.object({ storeId: uuid });
export const requestIdParams = z.object({ id: uuid });
export const documentParams = z.object({ id: uuid, index: z.coerce.number().int().min(0).max(9) });

export const operatorStoreDetail = z.object({
  store: operatorStoreRow,
  owners: z.array(z.object({ email: z.string(), fullName: z.string() })),
  badges: z.array(heldBadge),
  history: z.array(badgeEvent),
  requests: z.array(badgeRequest),
});
export type OperatorStoreDetail = z.infer<typeof operatorStoreDetail>;

/** POST /api/operador/stores/:storeId/suspend and /reactivate: why (kept in the audit log). */
export const suspensionBody = z.object({ reason: text({ min: 3, max: 500, multiline: true }) });

export const operatorBadgeRequest = badgeRequest.extend({ storeId: z.string(), storeName: z.string() });
export type OperatorBadgeRequest = z.infer<typeof operatorBadgeRequest>;
export const badgeRequestsQuery = z.object({
  status: z.enum(['pending', 'accepted', 'rejected', 'all']).default('pending'),
});
export const badgeRequestList = z.object({ requests: z.array(operatorBadgeRequest) });

/** POST /api/operador/badge-requests/:id/decision */
export const badgeDecisionBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept'), validUntil: z.string().date().optional() }),
  z.object({ decision: z.literal('reject'), reason: text({ min: 3, max: 500, multiline: true }) }),
]);
export type BadgeDecisionBody = z.infer<typeof badgeDecisionBody>;

/** GET/PUT /api/operador/fee-rates: each plan's fee on sales, basis points (0-3000). */
export const feeRates = z.object({ rates: z.array(z.object({ planId: z.string(), bps: z.number().int() })) });
export const feeRateBody = z.object({ planId: text({ min: 1, max: 40 }), bps: z.number().int().min(0).max(3000) });
export type FeeRates = z.infer<typeof feeRates>;

/** GET /api/operador/reports: review and product reports the stores left pending too long (decision 164). */
export const escalatedReport = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  productId: z.string(),
  reviewId: z.string().nullable(),
  reason: z.string(),
  details: z.string(),
  createdAt: z.string(),
});
export const escalatedReportList = z.object({ reports: z.array(escalatedReport), olderThanDays: z.number().int() });

/** GET /api/operador/audit?page= */
export const auditQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorEmail: z.string(),
  action: z.string(),
  storeId: z.string().nullable(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
