/**
 * The operator's view of the stores (decision 164): every store with its plan, status, sales of the last 30 days and
 * flags (badges, pending badge requests, escalated reports), one store's detail, and suspension. Suspending cancels
 * nothing: every order in flight is kept as it is (the storefront and the seller's admin answer 402 as for a lapsed
 * subscription, decision 062); reactivating lifts it. Each change is audited.
 */
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { runTransaction } from '../../db/transaction.js';
import type { OperatorStoreDetail, OperatorStoreRow, OperatorStoresPage } from '../../../shared/contracts/operator.js';
import {
  getStoreDirectoryRow,
  listStoreDirectory,
  setStoreSuspended,
  type StoreDirectoryRow,
} from '../stores/index.js';
import { listStoreOwners } from '../accounts/index.js';
import { getStoreBadgeState, pendingBadgeCounts, storesBadges } from '../company/index.js';
import { storesPlans } from '../subscriptions/index.js';
import { escalatedReportCounts } from '../reviews/index.js';
import { storesSales } from '../orders/index.js';
import { recordAudit } from './audit-log.js';
import type { OperatorActor } from './operator-session.js';

/** Stores per page of the operator's list. */
export const STORES_PAGE_SIZE = 25;

async function withFigures(ctx: DbContext, rows: StoreDirectoryRow[]): Promise<OperatorStoreRow[]> {
  const ids = rows.map((r) => r.id);
  const since = new Date(Date.now() - 30 * 86_400_000);
  const [plans, sales, badges, pending, reports] = await Promise.all([
    storesPlans(ctx, ids),
    storesSales(ctx, ids, since),
    storesBadges(ctx, ids),
    pendingBadgeCounts(ctx, ids),
    escalatedReportCounts(ctx, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    hostname: r.hostname,
    status: r.status,
    suspendedBy: r.suspendedBy,
    plan: plans.get(r.id)?.planId ?? null,
    subscriptionStatus: plans.get(r.id)?.status ?? null,
    orders30d: sales.get(r.id)?.orders ?? 0,
    sales30dCents: sales.get(r.id)?.salesCents ?? 0,
    badges: badges.get(r.id) ?? [],
    pendingBadgeRequests: pending.get(r.id) ?? 0,
    escalatedReports: reports.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One page of stores (STORES_PAGE_SIZE), by name, `q` matching name, slug or domain. */
export async function listOperatorStores(
  ctx: DbContext,
  opts: { q?: string; page: number },
): Promise<OperatorStoresPage> {
  const { rows, total } = await listStoreDirectory(ctx, {
    q: opts.q,
    offset: (opts.page - 1) * STORES_PAGE_SIZE,
    limit: STORES_PAGE_SIZE,
  });
  return { stores: await withFigures(ctx, rows), total, page: opts.page, pageSize: STORES_PAGE_SIZE };
}

/** One store's detail. Throws STORE_NOT_FOUND (404). */
export async function getOperatorStore(ctx: StoreDbContext): Promise<OperatorStoreDetail> {
  const { storeId } = ctx;
  const row = await getStoreDirectoryRow(ctx);
  if (!row) throw new AppError('STORE_NOT_FOUND');
  const storeCtx = { db: ctx.db, storeId };
  const [[store], owners, badges] = await Promise.all([
    withFigures(ctx, [row]),
    listStoreOwners(storeCtx),
    getStoreBadgeState(storeCtx),
  ]);
  return {
    store: store!,
    owners: owners.map((o) => ({ email: o.email, fullName: o.fullName })),
    badges: badges.badges,
    history: badges.history,
    requests: badges.requests,
  };
}

/**
 * Suspends (`true`) or reactivates (`false`) a store as the operator, with the operator's reason, and audits it (the
 * status before and after). A no-op (already so) is audited too, so every press is on record. Throws STORE_NOT_FOUND.
 */
export async function setStoreSuspendedByOperator(
  ctx: StoreDbContext,
  operator: OperatorActor,
  suspended: boolean,
  reason: string,
): Promise<OperatorStoreDetail> {
  const { storeId } = ctx;
  await runTransaction(ctx.db, async (tx) => {
    const before = await getStoreDirectoryRow({ db: tx, storeId });
    if (!before) throw new AppError('STORE_NOT_FOUND');
    await setStoreSuspended({ db: tx, storeId }, suspended, 'operator');
    const after = await getStoreDirectoryRow({ db: tx, storeId });
    await recordAudit(
      { db: tx },
      {
        operator,
        action: suspended ? 'store.suspend' : 'store.reactivate',
        storeId,
        before: { status: before.status, suspendedBy: before.suspendedBy },
        after: { status: after!.status, suspendedBy: after!.suspendedBy, reason },
      },
    );
  });
  return getOperatorStore(ctx);
}
