/**
 * Which offers a store already lists, remembered per instance so the global catalogue marks "listed" without a
 * database read per search (decision 142). A store's set is read whole (one query on `listings_store_offer_uq`) the
 * first time it is asked and forgotten when the change feed reports a write to that store's listings (topic
 * `listings`, migration `0019_sessions_listings_change_feed`). Fails safe like every FeedCache: read from the database
 * while the feed is down; a set read while a change arrived is not kept; a reset forgets everything.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { listings } from '../../db/schema/marketplace.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { StoreContext } from '../../lib/context.js';
import { FeedCache } from '../../lib/feed-cache.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;

/** Listed offer ids kept over all stores (a UUID string each: about 50 MB would be 500,000). */
export const LISTED_OFFERS_MAX_IDS = 500_000;

/** The offers `ctx.storeId` lists among `offerIds`, read from the database. */
export async function readListedOffers(ctx: Ctx, offerIds: string[]): Promise<Set<string>> {
  if (!offerIds.length) return new Set();
  const rows = await ctx.db
    .select({ offerId: listings.offerId })
    .from(listings)
    .where(and(eq(listings.storeId, ctx.storeId), inArray(listings.offerId, offerIds)));
  return new Set(rows.map((r) => r.offerId));
}

export class ListedOffers {
  private readonly cache: FeedCache<Set<string>>;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    opts: { maxIds?: number } = {},
  ) {
    this.cache = new FeedCache<Set<string>>(
      feed,
      (event, cache) => {
        if (event.topic === 'listings' && event.storeId) cache.forget(event.storeId);
      },
      { max: opts.maxIds ?? LISTED_OFFERS_MAX_IDS, sizeOf: (s) => s.size },
    );
  }

  /** The offers `ctx.storeId` lists among `offerIds` (a page of the catalogue). Throws only database errors. */
  async among(ctx: Ctx, offerIds: string[]): Promise<Set<string>> {
    if (!offerIds.length) return new Set();
    if (!this.feed.live) return readListedOffers(ctx, offerIds);
    const all = await this.cache.get(ctx.storeId, async () => {
      const rows = await ctx.db
        .select({ offerId: listings.offerId })
        .from(listings)
        .where(eq(listings.storeId, ctx.storeId));
      return new Set(rows.map((r) => r.offerId));
    });
    return new Set(offerIds.filter((id) => all!.has(id)));
  }

  /** Stores whose listed offers are held now. */
  get stores(): number {
    return this.cache.size;
  }

  close(): void {
    this.cache.close();
  }
}
