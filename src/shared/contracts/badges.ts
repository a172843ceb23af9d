/**
 * Supplier badges (audited supplier, verified supplier, diamond member; decisions 165, 166): what a store
 * holds, what it asks for, and the history of grants and lapses. Dates are calendar days `YYYY-MM-DD` (Mexico City).
 */
import { z } from 'zod';
import { text } from './common.js';
import { fileRef } from './company.js';

export const BADGES = ['verified', 'audited', 'diamond'] as const;
export const badgeId = z.enum(BADGES);
export type BadgeId = z.infer<typeof badgeId>;

/** The company documents the verified badge checks, as the company profile's "Complete information" collects them. */
export const VERIFIED_DOCUMENTS = ['business_licence', 'tax_registration', 'proof_of_address'] as const;
export const documentKind = z.enum([...VERIFIED_DOCUMENTS, 'audit_report']);
export type DocumentKind = z.infer<typeof documentKind>;

const day = z.string().date();

/** POST /api/proveedor/badges/verified: the expiry date of each company document, as printed on it. */
export const verifiedBadgeBody = z.object({
  expiries: z.object({ business_licence: day, tax_registration: day, proof_of_address: day }),
});
export type VerifiedBadgeBody = z.infer<typeof verifiedBadgeBody>;

/** POST /api/proveedor/badges/audited: the audit report (an upload with purpose `document`) and its facts. */
export const auditedBadgeBody = z.object({
  auditor: text({ min: 2, max: 120 }),
  auditedOn: day,
  validUntil: day,
  file: fileRef,
});
export type AuditedBadgeBody = z.infer<typeof auditedBadgeBody>;

export const heldBadge = z.object({
  badge: badgeId,
  grantedAt: z.string(),
  /** The last day it holds; null for diamond (computed every day). */
  validUntil: z.string().nullable(),
});
export type HeldBadge = z.infer<typeof heldBadge>;

export const badgeDocument = z.object({
  kind: documentKind,
  number: z.string().nullable(),
  file: z.object({ id: z.string(), url: z.string() }),
  expiresOn: z.string(),
});
export type BadgeDocument = z.infer<typeof badgeDocument>;

export const badgeRequest = z.object({
  id: z.string(),
  badge: badgeId,
  status: z.enum(['pending', 'accepted', 'rejected']),
  documents: z.array(badgeDocument),
  auditor: z.string().nullable(),
  auditedOn: z.string().nullable(),
  validUntil: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BadgeRequest = z.infer<typeof badgeRequest>;

export const badgeEvent = z.object({
  badge: badgeId,
  event: z.enum(['granted', 'lapsed', 'revoked']),
  reason: z.string(),
  validUntil: z.string().nullable(),
  at: z.string(),
});
export type BadgeEvent = z.infer<typeof badgeEvent>;

/** GET /api/proveedor/badges: the store's badges, its latest request of each kind, and the history. */
export const storeBadgeState = z.object({
  badges: z.array(heldBadge),
  requests: z.array(badgeRequest),
  history: z.array(badgeEvent),
});
export type StoreBadgeState = z.infer<typeof storeBadgeState>;
