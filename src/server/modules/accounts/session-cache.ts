/**
 * Who holds a token, remembered by this instance (decision 142), so a signed-in request does not read sessions, users
 * and memberships every time. Safe because the change feed tells every instance of every write that could change an
 * answer: the triggers of migration `0019_sessions_listings_change_feed` publish topic `accounts` with the user ids on
 * any update or delete of a session or user and any write to a membership (sign-out, password reset, revocation,
 * store choice, permissions, removal). So a revoked session or permission still counts at once: on this instance
 * before the writing request answers (the change-feed plugin waits for it), on the others a moment later.
 *
 * Fails safe (lib/feed-cache.ts): nothing is used while the feed is down; an answer read while a change arrived is not
 * kept; an entry lives at most `ttlMs` and never past its session's expiry. Unknown tokens are never remembered, so
 * made-up tokens cannot push real sessions out.
 */
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Actor } from '../../lib/context.js';
import { FeedCache } from '../../lib/feed-cache.js';

/** Sessions remembered per instance (an actor is a few hundred bytes: about 5 MB at the cap). */
export const SESSION_CACHE_MAX = 20_000;
/** The longest an answer is trusted without a change heard, in milliseconds (a bound for writes made outside the app). */
export const SESSION_CACHE_TTL_MS = 60_000;

/** A session's actor and when the session expires (epoch milliseconds). */
export interface SessionAnswer {
  actor: Actor;
  expiresAt: number;
}

export class SessionCache {
  private readonly cache: FeedCache<SessionAnswer>;

  constructor(feed: Pick<ChangeFeed, 'live' | 'subscribe'>, opts: { max?: number; ttlMs?: number } = {}) {
    this.cache = new FeedCache<SessionAnswer>(
      feed,
      (event, cache) => {
        if (event.topic !== 'accounts') return;
        // More than 100 users in one statement: no ids, forget every session.
        if (!event.ids) return cache.forgetAll();
        const users = new Set(event.ids);
        cache.forgetWhere((a) => users.has(a.actor.userId));
      },
      { max: opts.max ?? SESSION_CACHE_MAX, ttlMs: opts.ttlMs ?? SESSION_CACHE_TTL_MS },
    );
  }

  /**
   * The actor of the session whose token hashes to `tokenHash`: the remembered one while the feed is live and the
   * session has not expired, else `load()`'s (null: unknown, revoked or expired), kept when nothing changed meanwhile.
   */
  async get(tokenHash: string, load: () => Promise<SessionAnswer | null>): Promise<Actor | null> {
    const answer = await this.cache.get(
      tokenHash,
      async () => {
        const a = await load();
        return a && { actor: Object.freeze({ ...a.actor }), expiresAt: a.expiresAt };
      },
      (a) => a.expiresAt > Date.now(),
    );
    return answer?.actor ?? null;
  }

  /** Sessions remembered now. */
  get size(): number {
    return this.cache.size;
  }

  close(): void {
    this.cache.close();
  }
}
