/**
 * A store's account status set by its subscription
 * (decision 061): `suspended` makes its storefront API answer 402 ACCOUNT_SUSPENDED (request-context storeContext) and
 * its seller API keep only the subscription routes. Every instance forgets its cached store at once (change feed).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { stores } from '../../db/schema/stores.js';
import { publishChange, type ChangeFeed } from '../../db/change-feed.js';
import { FeedCache } from '../../lib/feed-cache.js';

/**
 * Suspends (`true`) an active store or reactivates (`false`) a suspended one, inside the caller's transaction.
 * `by` says who: a store the operator suspended is reactivated only by the operator (paying the subscription does not
 * lift it, decision 164); the operator suspending a store its subscription already suspended takes it over.
 * Returns whether the status changed.
 */
export async function setStoreSuspended(
  ctx: StoreTxContext,
  suspended: boolean,
  by: 'subscription' | 'operator' = 'subscription',
): Promise<boolean> {
  const { db: tx, storeId } = ctx;
  const notByOperator = sql`${stores.suspendedBy} is distinct from 'operator'`;
  const where = suspended
    ? by === 'operator'
      ? and(eq(stores.id, storeId), or(eq(stores.status, 'active'), and(eq(stores.status, 'suspended'), notByOperator)))
      : and(eq(stores.id, storeId), eq(stores.status, 'active'))
    : by === 'operator'
      ? and(eq(stores.id, storeId), eq(stores.status, 'suspended'))
      : and(eq(stores.id, storeId), eq(stores.status, 'suspended'), notByOperator);
  const changed = await tx
    .update(stores)
    .set({ status: suspended ? 'suspended' : 'active', suspendedBy: suspended ? by : null })
    .where(where)
    .returning({ id: stores.id });
  if (changed.length) await publishChange(tx, { storeId, topic: 'store' });
  return changed.length > 0;
}

/** Every store's id and creation time (the subscriptions module gives each one a subscription). */
export async function listStoreCreations(ctx: Pick<StoreDbContext, 'db'>): Promise<{ id: string; createdAt: Date }[]> {
  const { db } = ctx;
  return db.select({ id: stores.id, createdAt: stores.createdAt }).from(stores);
}

/**
 * Stores' account statuses as this instance remembers them (decision 142), for the check every seller request makes:
 * forgotten when the change feed reports a change to the store's row (the `stores` trigger and setStoreSuspended both
 * publish topic `store`), so a suspension or a reactivation counts at once on every instance.
 */
export class StoreStatuses {
  private readonly cache: FeedCache<{ status: string }>;

  constructor(feed: Pick<ChangeFeed, 'live' | 'subscribe'>) {
    this.cache = new FeedCache<{ status: string }>(
      feed,
      (event, cache) => {
        if (event.storeId && (event.topic === 'store' || event.topic === 'all')) cache.forget(event.storeId);
      },
      { max: 50_000 },
    );
  }

  /** Whether `ctx.storeId`'s account is suspended. Throws only database errors. */
  async isSuspended(ctx: StoreDbContext): Promise<boolean> {
    const row = await this.cache.get(ctx.storeId, async () => {
      const [r] = await ctx.db
        .select({ status: stores.status })
        .from(stores)
        .where(eq(stores.id, ctx.storeId))
        .limit(1);
      return r ?? null;
    });
    return row?.status === 'suspended';
  }

  close(): void {
    this.cache.close();
  }
}
