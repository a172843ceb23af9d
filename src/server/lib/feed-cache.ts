/**
 * A per-instance memory of database answers that the change feed keeps true (decision 142): what a write on any
 * instance may change is forgotten when its notification arrives (the owner's `onChange` calls `forget` or
 * `forgetAll`). Fails safe in three ways: while the feed is down nothing is read from or kept in it; an answer read
 * while anything was forgotten is not kept (a slow read cannot put back what a write just invalidated); a reset of the
 * feed (a reconnect that may have missed changes) forgets everything. Bounded by entries or by a size, LRU.
 */
import { LRUCache } from 'lru-cache';
import type { ChangeEvent, ChangeFeed } from '../db/change-feed.js';

export interface FeedCacheOptions<V> {
  /** Entries kept at most (default 10,000) — or, with `sizeOf`, the total size kept. */
  max?: number;
  sizeOf?: (value: V) => number;
  /** The longest an answer is trusted without a change heard, in ms (a bound for writes that bypass the triggers). */
  ttlMs?: number;
}

export class FeedCache<V extends object> {
  private readonly entries: LRUCache<string, V>;
  private generation = 0;
  private readonly unsubscribe: () => void;

  /** `onChange` hears every event but the resets (handled here) and says what to forget. */
  constructor(
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    onChange: (event: ChangeEvent, cache: FeedCache<V>) => void,
    opts: FeedCacheOptions<V> = {},
  ) {
    const max = opts.max ?? 10_000;
    this.entries = new LRUCache<string, V>({
      ...(opts.sizeOf ? { maxSize: max, sizeCalculation: (v: V) => Math.max(1, opts.sizeOf!(v)) } : { max }),
      ...(opts.ttlMs ? { ttl: opts.ttlMs } : {}),
    });
    this.unsubscribe = feed.subscribe((event) => {
      if (event.storeId === null) this.forgetAll();
      else onChange(event, this);
    });
  }

  /**
   * The remembered answer for `key` while the feed is live (and `fresh` accepts it), else `load()`'s, kept when it is
   * not null, the feed is live and nothing was forgotten meanwhile.
   */
  async get(key: string, load: () => Promise<V | null>, fresh: (value: V) => boolean = () => true): Promise<V | null> {
    if (this.feed.live) {
      const hit = this.entries.get(key);
      if (hit && fresh(hit)) return hit;
    }
    const generation = this.generation;
    const value = await load();
    if (value && this.feed.live && generation === this.generation && fresh(value)) this.entries.set(key, value);
    return value;
  }

  /** Forgets `key`'s answer. */
  forget(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Forgets every answer `matches` accepts. */
  forgetWhere(matches: (value: V) => boolean): void {
    this.generation++;
    for (const [key, value] of this.entries.entries()) if (matches(value)) this.entries.delete(key);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Answers remembered now. */
  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
