/**
 * Supplier badges (decisions 165, 166). A store asks for `verified` (its company documents, each with the
 * expiry date printed on it) or `audited` (an audit report it uploads); the platform operator accepts or rejects the
 * request; an accepted badge holds through the earliest expiry date and lapses by itself the day after (the daily
 * badges job). `diamond` is never asked for nor granted by hand: the daily job computes it (operator module).
 * `supplier_badges` is what a store holds now, `badge_events` every grant and lapse. Calendar days are Mexico City's.
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { badgeEvents, badgeRequests, companyProfiles, supplierBadges } from '../../db/schema/company.js';
import type { DbContext, StoreContext, StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { runTransaction } from '../../db/transaction.js';
import { translator } from '../../lib/i18n.js';
import {
  VERIFIED_DOCUMENTS,
  type AuditedBadgeBody,
  type BadgeDocument,
  type BadgeEvent,
  type BadgeId,
  type BadgeRequest,
  type HeldBadge,
  type StoreBadgeState,
  type VerifiedBadgeBody,
} from '../../../shared/contracts/badges.js';
import { assertCompanyFiles } from './company-files.js';

/** The calendar day of `at` in Mexico City, `YYYY-MM-DD` (the day badges hold and lapse by). */
export function badgeDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(at);
}

/** `day` plus `n` days, `YYYY-MM-DD`. */
export function addDaysTo(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

type RequestRow = typeof badgeRequests.$inferSelect;

function toRequest(r: RequestRow): BadgeRequest {
  return {
    id: r.id,
    badge: r.badge as BadgeId,
    status: r.status as BadgeRequest['status'],
    documents: r.documents as BadgeDocument[],
    auditor: r.auditor,
    auditedOn: r.auditedOn,
    validUntil: r.validUntil,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

function assertFuture(days: string[], today: string): void {
  if (days.some((d) => d <= today)) throw new AppError('BADGE_DOCUMENT_EXPIRED');
}

async function insertRequest(ctx: StoreDbContext, values: Omit<typeof badgeRequests.$inferInsert, 'storeId'>) {
  try {
    const [row] = await ctx.db
      .insert(badgeRequests)
      .values({ ...values, storeId: ctx.storeId })
      .returning();
    return toRequest(row!);
  } catch (err) {
    if (isUniqueViolation(err, 'badge_requests_pending_uq')) throw new AppError('BADGE_REQUEST_PENDING');
    throw err;
  }
}

/**
 * Asks the operator for the verified badge with the company profile's three documents (business licence, tax
 * registration certificate, proof of address) and the expiry date of each. Throws BADGE_DOCUMENTS_MISSING (422,
 * params.missing in ctx.locale) when the profile lacks one, BADGE_DOCUMENT_EXPIRED (422) for a date not after today,
 * BADGE_REQUEST_PENDING (409) while a request waits.
 */
export async function requestVerifiedBadge(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'locale'>,
  body: VerifiedBadgeBody,
): Promise<BadgeRequest> {
  const [p] = await ctx.db.select().from(companyProfiles).where(eq(companyProfiles.storeId, ctx.storeId)).limit(1);
  const files = {
    business_licence: { file: p?.businessLicenceFile ?? null, number: p?.businessLicenceNumber ?? null },
    tax_registration: { file: p?.taxRegistrationFile ?? null, number: p?.taxRegistrationNumber ?? null },
    proof_of_address: { file: p?.proofOfAddressFile ?? null, number: null },
  };
  const missing = VERIFIED_DOCUMENTS.filter((k) => !files[k].file);
  if (missing.length) {
    const t = translator(ctx.locale);
    throw new AppError('BADGE_DOCUMENTS_MISSING', {
      missing: missing.map((k) => t(`emails:badges.documents.${k}`)).join(', '),
      documents: missing,
    });
  }
  const days = VERIFIED_DOCUMENTS.map((k) => body.expiries[k]);
  assertFuture(days, badgeDay());
  const documents: BadgeDocument[] = VERIFIED_DOCUMENTS.map((k) => ({
    kind: k,
    number: files[k].number,
    file: files[k].file!,
    expiresOn: body.expiries[k],
  }));
  return insertRequest(ctx, {
    badge: 'verified',
    documents,
    validUntil: [...days].sort()[0]!,
  });
}

/**
 * Asks the operator for the audited badge with an audit report (an upload of the store with purpose `document`).
 * Throws FILE_REFERENCE_INVALID (422), BADGE_DOCUMENT_EXPIRED (422) when `validUntil` is not after today or comes
 * before `auditedOn`, BADGE_REQUEST_PENDING (409).
 */
export async function requestAuditedBadge(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  body: AuditedBadgeBody,
): Promise<BadgeRequest> {
  assertFuture([body.validUntil], badgeDay());
  if (body.validUntil < body.auditedOn) throw new AppError('BADGE_DOCUMENT_EXPIRED');
  const file = { ...body.file };
  await assertCompanyFiles(ctx, [{ ref: file, purposes: ['document'] }]);
  return insertRequest(ctx, {
    badge: 'audited',
    documents: [{ kind: 'audit_report', number: null, file, expiresOn: body.validUntil }],
    auditor: body.auditor,
    auditedOn: body.auditedOn,
    validUntil: body.validUntil,
  });
}

/** The badges the store holds now (those past their last day count as lapsed even before the job runs). */
export async function storeBadges(ctx: StoreDbContext, today = badgeDay()): Promise<HeldBadge[]> {
  const rows = await ctx.db
    .select()
    .from(supplierBadges)
    .where(eq(supplierBadges.storeId, ctx.storeId))
    .orderBy(asc(supplierBadges.badge));
  return rows
    .filter((r) => !r.validUntil || r.validUntil >= today)
    .map((r) => ({ badge: r.badge as BadgeId, grantedAt: r.grantedAt.toISOString(), validUntil: r.validUntil }));
}

/** The badges of each store, by store id (stores without any are missing): the global catalogue's supplier cards. */
export async function storesBadges(
  ctx: DbContext,
  storeIds: string[],
  today = badgeDay(),
): Promise<Map<string, BadgeId[]>> {
  const out = new Map<string, BadgeId[]>();
  if (!storeIds.length) return out;
  const rows = await ctx.db
    .select({ storeId: supplierBadges.storeId, badge: supplierBadges.badge, validUntil: supplierBadges.validUntil })
    .from(supplierBadges)
    .where(inArray(supplierBadges.storeId, storeIds))
    .orderBy(asc(supplierBadges.badge));
  for (const r of rows) {
    if (r.validUntil && r.validUntil < today) continue;
    out.set(r.storeId, [...(out.get(r.storeId) ?? []), r.badge as BadgeId]);
  }
  return out;
}

/** The store ids holding `badge` now (the global catalogue's badge facet). */
export async function storesWithBadge(ctx: DbContext, badge: BadgeId, today = badgeDay()): Promise<string[]> {
  const rows = await ctx.db
    .select({ storeId: supplierBadges.storeId })
    .from(supplierBadges)
    .where(
      and(
        eq(supplierBadges.badge, badge),
        sql`(${supplierBadges.validUntil} is null or ${supplierBadges.validUntil} >= ${today})`,
      ),
    );
  return rows.map((r) => r.storeId);
}

/** The store's badges, its latest request of each badge, and its history (newest first, at most 50). */
export async function getStoreBadgeState(ctx: StoreDbContext): Promise<StoreBadgeState> {
  const [badges, requests, history] = await Promise.all([
    storeBadges(ctx),
    ctx.db
      .select()
      .from(badgeRequests)
      .where(eq(badgeRequests.storeId, ctx.storeId))
      .orderBy(desc(badgeRequests.createdAt))
      .limit(20),
    storeBadgeHistory(ctx),
  ]);
  const latest = new Map<string, RequestRow>();
  for (const r of requests) if (!latest.has(r.badge)) latest.set(r.badge, r);
  return { badges, requests: [...latest.values()].map(toRequest), history };
}

/** The store's grants and lapses, newest first (at most 50). */
export async function storeBadgeHistory(ctx: StoreDbContext): Promise<BadgeEvent[]> {
  const rows = await ctx.db
    .select()
    .from(badgeEvents)
    .where(eq(badgeEvents.storeId, ctx.storeId))
    .orderBy(desc(badgeEvents.at), desc(badgeEvents.id))
    .limit(50);
  return rows.map((r) => ({
    badge: r.badge as BadgeId,
    event: r.event as BadgeEvent['event'],
    reason: r.reason,
    validUntil: r.validUntil,
    at: r.at.toISOString(),
  }));
}

/** A badge request with its store, for the operator. */
export type OperatorBadgeRequest = BadgeRequest & { storeId: string };

/** Badge requests of every store, oldest first (the operator's queue); `status` null: every status, newest first. */
export async function listBadgeRequests(
  ctx: DbContext,
  status: 'pending' | 'accepted' | 'rejected' | null,
  limit = 200,
): Promise<OperatorBadgeRequest[]> {
  const rows = await ctx.db
    .select()
    .from(badgeRequests)
    .where(status ? eq(badgeRequests.status, status) : undefined)
    .orderBy(status === 'pending' ? asc(badgeRequests.createdAt) : desc(badgeRequests.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...toRequest(r), storeId: r.storeId }));
}

/** One badge request, for the operator. Throws BADGE_REQUEST_NOT_FOUND. */
export async function getBadgeRequest(ctx: DbContext, id: string): Promise<OperatorBadgeRequest> {
  const [r] = await ctx.db.select().from(badgeRequests).where(eq(badgeRequests.id, id)).limit(1);
  if (!r) throw new AppError('BADGE_REQUEST_NOT_FOUND');
  return { ...toRequest(r), storeId: r.storeId };
}

/** Pending badge requests per store, by store id (the operator's flags). */
export async function pendingBadgeCounts(ctx: DbContext, storeIds?: string[]): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ storeId: badgeRequests.storeId, n: sql<number>`count(*)::int` })
    .from(badgeRequests)
    .where(
      and(
        eq(badgeRequests.status, 'pending'),
        storeIds
          ? inArray(badgeRequests.storeId, storeIds.length ? storeIds : ['00000000-0000-0000-0000-000000000000'])
          : undefined,
      ),
    )
    .groupBy(badgeRequests.storeId);
  return new Map(rows.map((r) => [r.storeId, r.n]));
}

/**
 * Grants `badge` to the store through `validUntil` (null: diamond), replacing what it held of that badge, and writes
 * the grant to the history. Inside the caller's transaction when there is one.
 */
export async function grantBadge(
  ctx: StoreDbContext,
  badge: BadgeId,
  validUntil: string | null,
  reason: string,
  requestId: string | null = null,
): Promise<void> {
  await runTransaction(ctx.db, async (tx) => {
    await tx
      .insert(supplierBadges)
      .values({ storeId: ctx.storeId, badge, validUntil, requestId })
      .onConflictDoUpdate({
        target: [supplierBadges.storeId, supplierBadges.badge],
        set: { grantedAt: new Date(), validUntil, requestId, reminded30At: null, reminded7At: null },
      });
    await tx.insert(badgeEvents).values({ storeId: ctx.storeId, badge, event: 'granted', reason, validUntil });
  });
}

/**
 * Takes `badge` away from the store (`event` lapsed or revoked, with why) and writes it to the history; nothing when
 * the store does not hold it. Returns whether it held it.
 */
export async function removeBadge(
  ctx: StoreDbContext,
  badge: BadgeId,
  event: 'lapsed' | 'revoked',
  reason: string,
): Promise<boolean> {
  return runTransaction(ctx.db, async (tx) => {
    const gone = await tx
      .delete(supplierBadges)
      .where(and(eq(supplierBadges.storeId, ctx.storeId), eq(supplierBadges.badge, badge)))
      .returning({ validUntil: supplierBadges.validUntil });
    if (!gone.length) return false;
    await tx
      .insert(badgeEvents)
      .values({ storeId: ctx.storeId, badge, event, reason, validUntil: gone[0]!.validUntil });
    return true;
  });
}

/**
 * Decides a pending request: `accept` grants its badge through its `validUntil` (the earliest expiry; the operator
 * may set an earlier one after reading the documents), `reject` records `reason`. Conditional on the request still
 * being pending. Returns the request before and after. Throws BADGE_REQUEST_NOT_FOUND, BADGE_REQUEST_DECIDED (409),
 * BADGE_DOCUMENT_EXPIRED when the date given is not after today.
 */
export async function decideBadgeRequest(
  ctx: DbContext,
  id: string,
  decision: { accept: boolean; operatorId: string; reason?: string | null; validUntil?: string | null },
): Promise<{ before: OperatorBadgeRequest; after: OperatorBadgeRequest }> {
  return runTransaction(ctx.db, async (tx) => {
    const before = await getBadgeRequest({ db: tx }, id);
    if (before.status !== 'pending') throw new AppError('BADGE_REQUEST_DECIDED');
    const validUntil =
      decision.accept && decision.validUntil && before.validUntil && decision.validUntil < before.validUntil
        ? decision.validUntil
        : before.validUntil;
    if (decision.accept && validUntil) assertFuture([validUntil], badgeDay());
    const [row] = await tx
      .update(badgeRequests)
      .set({
        status: decision.accept ? 'accepted' : 'rejected',
        decidedBy: decision.operatorId,
        decidedAt: new Date(),
        reason: decision.reason ?? null,
        validUntil,
      })
      .where(and(eq(badgeRequests.id, id), eq(badgeRequests.status, 'pending')))
      .returning();
    if (!row) throw new AppError('BADGE_REQUEST_DECIDED');
    if (decision.accept) await grantBadge({ db: tx, storeId: row.storeId }, before.badge, validUntil, 'accepted', id);
    return { before, after: { ...toRequest(row), storeId: row.storeId } };
  });
}

/**
 * The daily sweep's lapses: every held badge (of store `ctx.storeId` only, when given) whose last day is before `today`
 * is removed (reason `expired`) and written to the history. Returns the lapsed badges.
 */
export async function lapseExpiredBadges(
  ctx: DbContext & { storeId?: string },
  today: string,
): Promise<{ storeId: string; badge: BadgeId; validUntil: string }[]> {
  const due = await ctx.db
    .select({ storeId: supplierBadges.storeId, badge: supplierBadges.badge, validUntil: supplierBadges.validUntil })
    .from(supplierBadges)
    .where(
      and(lt(supplierBadges.validUntil, today), ctx.storeId ? eq(supplierBadges.storeId, ctx.storeId) : undefined),
    );
  const out: { storeId: string; badge: BadgeId; validUntil: string }[] = [];
  for (const d of due)
    if (await removeBadge({ db: ctx.db, storeId: d.storeId }, d.badge as BadgeId, 'lapsed', 'expired'))
      out.push({ storeId: d.storeId, badge: d.badge as BadgeId, validUntil: d.validUntil! });
  return out;
}

/**
 * Claims the reminders due on `today`: a badge whose last day is at most `days` (30 or 7) days away and whose
 * reminder of that kind was not sent is marked sent and returned, once each (the caller enqueues the email in the
 * same transaction). The 7-day one also covers the 30-day one, so a badge granted 10 days before expiry gets one.
 * Only store `ctx.storeId`'s badges when given.
 */
export async function claimBadgeReminders(
  ctx: DbContext & { storeId?: string },
  today: string,
  days: 30 | 7,
): Promise<{ storeId: string; badge: BadgeId; validUntil: string }[]> {
  const column = days === 30 ? supplierBadges.reminded30At : supplierBadges.reminded7At;
  const set =
    days === 30
      ? { reminded30At: new Date() }
      : { reminded7At: new Date(), reminded30At: sql`coalesce(${supplierBadges.reminded30At}, now())` };
  const rows = await ctx.db
    .update(supplierBadges)
    .set(set)
    .where(
      and(
        isNull(column),
        sql`${supplierBadges.validUntil} >= ${today}`,
        lte(supplierBadges.validUntil, addDaysTo(today, days)),
        days === 30 ? sql`${supplierBadges.validUntil} > ${addDaysTo(today, 7)}` : undefined,
        ctx.storeId ? eq(supplierBadges.storeId, ctx.storeId) : undefined,
      ),
    )
    .returning({ storeId: supplierBadges.storeId, badge: supplierBadges.badge, validUntil: supplierBadges.validUntil });
  return rows.map((r) => ({ storeId: r.storeId, badge: r.badge as BadgeId, validUntil: r.validUntil! }));
}
