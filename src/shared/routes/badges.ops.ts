/** Supplier badges' operations (routes in badges.ts). */
import { z } from 'zod';
import { auditedBadgeBody, badgeRequest, heldBadge, storeBadgeState, verifiedBadgeBody } from '../contracts/badges.js';
import { defineOps } from './op.js';
import * as routes from './badges.js';

export const badgesOps = defineOps(routes, {
  getBadgeState: {
    tags: ['admin'],
    summary: 'The store’s supplier badges, its latest request of each, and the history of grants and lapses',
    response: { 200: storeBadgeState },
  },
  requestVerifiedBadge: {
    tags: ['admin'],
    summary: 'Ask the operator for the verified supplier badge with the company documents and their expiry dates',
    body: verifiedBadgeBody,
    response: { 201: badgeRequest },
  },
  requestAuditedBadge: {
    tags: ['admin'],
    summary: 'Ask the operator for the audited supplier badge with an audit report',
    body: auditedBadgeBody,
    response: { 201: badgeRequest },
  },
  publicBadges: {
    tags: ['storefront'],
    summary: 'The store’s supplier badges (about us, the product page’s seller line)',
    response: { 200: z.object({ badges: z.array(heldBadge.pick({ badge: true, validUntil: true })) }) },
  },
});
