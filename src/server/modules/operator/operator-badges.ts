/**
 * The operator's side of supplier badges (decisions 165, 166): the queue of requests with the store's name, one
 * request's documents (the store's private uploads, read for the operator only), and the decision, audited. The
 * daily sweep (badge-jobs.ts) lapses expired badges, sends the 30- and 7-day reminders and computes diamond.
 */
import type { BaseContext, DbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { runTransaction } from '../../db/transaction.js';
import type { BadgeDecisionBody, OperatorBadgeRequest } from '../../../shared/contracts/operator.js';
import { getBadgeRequest, listBadgeRequests, decideBadgeRequest } from '../company/index.js';
import { getStoreSummaries } from '../stores/index.js';
import { readPrivateFile } from '../files/index.js';
import { recordAudit } from './audit-log.js';
import type { OperatorActor } from './operator-session.js';

async function withStoreNames(
  ctx: DbContext,
  requests: Awaited<ReturnType<typeof listBadgeRequests>>,
): Promise<OperatorBadgeRequest[]> {
  const names = await getStoreSummaries(ctx, [...new Set(requests.map((r) => r.storeId))]);
  return requests.map((r) => ({ ...r, storeName: names.get(r.storeId)?.name ?? '' }));
}

/** Badge requests of every store with the store's name: pending oldest first, or every status newest first. */
export async function operatorBadgeQueue(
  ctx: DbContext,
  status: 'pending' | 'accepted' | 'rejected' | 'all',
): Promise<OperatorBadgeRequest[]> {
  return withStoreNames(ctx, await listBadgeRequests(ctx, status === 'all' ? null : status));
}

/** One badge request with the store's name. Throws BADGE_REQUEST_NOT_FOUND. */
export async function operatorBadgeRequest(ctx: DbContext, id: string): Promise<OperatorBadgeRequest> {
  return (await withStoreNames(ctx, [await getBadgeRequest(ctx, id)]))[0]!;
}

/**
 * The bytes of document `index` of a badge request (a private upload of the request's store). Throws
 * BADGE_REQUEST_NOT_FOUND, FILE_NOT_FOUND.
 */
export async function operatorBadgeDocument(
  ctx: Pick<BaseContext, 'db' | 'providers'>,
  id: string,
  index: number,
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const request = await getBadgeRequest(ctx, id);
  const doc = request.documents[index];
  if (!doc) throw new AppError('FILE_NOT_FOUND');
  return readPrivateFile({ db: ctx.db, providers: ctx.providers, storeId: request.storeId }, doc.file.id);
}

/** Accepts or rejects a pending request, audited in the same transaction. Throws as decideBadgeRequest. */
export async function decideBadge(
  ctx: DbContext,
  operator: OperatorActor,
  id: string,
  body: BadgeDecisionBody,
): Promise<OperatorBadgeRequest> {
  await runTransaction(ctx.db, async (tx) => {
    const { before, after } = await decideBadgeRequest({ db: tx }, id, {
      accept: body.decision === 'accept',
      operatorId: operator.id,
      reason: body.decision === 'reject' ? body.reason : null,
      validUntil: body.decision === 'accept' ? (body.validUntil ?? null) : null,
    });
    await recordAudit(
      { db: tx },
      {
        operator,
        action: `badge.${after.badge}.${body.decision}`,
        storeId: after.storeId,
        target: id,
        before: { status: before.status, validUntil: before.validUntil },
        after: { status: after.status, validUntil: after.validUntil, reason: after.reason },
      },
    );
  });
  return operatorBadgeRequest(ctx, id);
}
