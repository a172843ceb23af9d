/**
 * Cached JSON answers of one app instance (product detail, search, sitemap; decision 033), dropped on every write
 * through the change feed, on this instance and every other. An answer is serialised once and kept with its ETag, in
 * an lru-cache of ANSWER_CACHE_ENTRIES answers.
 *
 * Invalidation by generations, so a change costs O(1): an answer remembers the generations it was computed under and
 * is valid while they are unchanged. A change to some products bumps those products' generations (their detail
 * answers) and the store's list generation (searches, sitemaps); any other change of a store bumps the store's
 * generation; a feed reset bumps the global one. Generations are read before computing, so an answer computed while
 * a change arrived is never served as fresh. While the feed is down nothing is cached (PostgreSQL answers every time).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ChangeEvent, ChangeFeed } from '../db/change-feed.js';

export interface CachedAnswer {
  body: string;
  etag: string;
}

interface Entry extends CachedAnswer {
  global: number;
  store: number;
  list: number;
  product: number;
  productKey: string | null;
  /** False when a change arrived while it was computed: it answers the callers waiting for it and is not kept. */
  current: boolean;
}

/** An ETag for a body: weak, since equal JSON may be compressed differently on the way. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** What a computation gives: a JSON value (or an already serialised body) and, for one product's answer, its id. */
export type Computed = ({ value: unknown } | { body: string }) & { productId?: string };

const serialise = (c: Computed) => ('body' in c ? c.body : JSON.stringify(c.value));

/** What a fetch of one key needs: the store it belongs to and how to compute it. */
interface FetchContext {
  storeId: string;
  compute: () => Promise<Computed>;
}

export class AnswerCache {
  /**
   * lru-cache keeps at most `maxEntries` answers, dropping the least recently used, and its `fetchMethod` makes
   * concurrent misses of one key share one computation. Null when caching is off.
   */
  private readonly entries: LRUCache<string, Entry, FetchContext> | null;
  private global = 0;
  private readonly storeGen = new Map<string, number>();
  private readonly listGen = new Map<string, number>();
  private readonly productGen = new Map<string, number>();
  private readonly unsubscribe: () => void;
  hits = 0;
  misses = 0;

  /** `maxEntries` 0 turns caching off (answers are still serialised with an ETag). */
  constructor(
    private readonly feed: ChangeFeed,
    maxEntries: number,
  ) {
    this.entries =
      maxEntries > 0
        ? new LRUCache<string, Entry, FetchContext>({
            max: maxEntries,
            fetchMethod: (_key, _stale, { context }) => this.fill(context.storeId, context.compute),
            // A change that empties the cache while a computation runs must not fail its callers: they get the
            // answer, which is simply not kept (lru-cache writes it only where its pending fetch still is).
            ignoreFetchAbort: true,
          })
        : null;
    this.unsubscribe = feed.subscribe((e) => this.onChange(e));
  }

  private onChange(e: ChangeEvent): void {
    if (e.storeId === null) {
      this.global++;
      this.entries?.clear();
      return;
    }
    // An offer's or a listing's row follows its product, whose own change already reached this cache; no cached answer
    // reads offers or listings, nor depends on who is signed in.
    if (e.topic === 'offers' || e.topic === 'listings' || e.topic === 'accounts') return;
    if (e.topic === 'products' && e.ids) {
      this.listGen.set(e.storeId, (this.listGen.get(e.storeId) ?? 0) + 1);
      for (const id of e.ids) {
        const k = `${e.storeId}/${id}`;
        this.productGen.set(k, (this.productGen.get(k) ?? 0) + 1);
      }
      return;
    }
    this.storeGen.set(e.storeId, (this.storeGen.get(e.storeId) ?? 0) + 1);
  }

  private generations(storeId: string, productKey: string | null) {
    return {
      global: this.global,
      store: this.storeGen.get(storeId) ?? 0,
      list: this.listGen.get(storeId) ?? 0,
      product: productKey ? (this.productGen.get(productKey) ?? 0) : 0,
    };
  }

  /** Whether an entry was computed under the generations in force now. */
  private isCurrent(storeId: string, entry: Entry): boolean {
    const now = this.generations(storeId, entry.productKey);
    return (
      entry.current &&
      entry.global === now.global &&
      entry.store === now.store &&
      (entry.productKey ? entry.product === now.product : entry.list === now.list)
    );
  }

  /**
   * The answer for `key` of store `storeId`, computing it on a miss. `compute` returns the JSON value (already shaped
   * by its response schema) or a ready body (XML), and, for an answer about one product, that product's id: such an
   * answer survives changes to other products. Concurrent misses of one key share one computation. Throws what
   * `compute` throws (not cached).
   */
  async get(storeId: string, key: string, compute: () => Promise<Computed>): Promise<CachedAnswer> {
    if (!this.entries || !this.feed.live) {
      this.misses++;
      const body = serialise(await compute());
      return { body, etag: etagOf(body) };
    }
    const k = `${storeId}\u0000${key}`;
    const hit = this.entries.get(k);
    if (hit && this.isCurrent(storeId, hit)) {
      this.hits++;
      return hit;
    }
    if (hit) this.entries.delete(k);
    this.misses++;
    const entry = (await this.entries.fetch(k, { context: { storeId, compute } }))!;
    // Computed while a change arrived: answered once, never served again.
    if (!entry.current && this.entries.peek(k) === entry) this.entries.delete(k);
    return entry;
  }

  private async fill(storeId: string, compute: () => Promise<Computed>): Promise<Entry> {
    const before = this.generations(storeId, null);
    const computed = await compute();
    const body = serialise(computed);
    const productId = computed.productId;
    const productKey = productId ? `${storeId}/${productId}` : null;
    // A product's generation is read after computing only when it was unknown before: read it now, but a change that
    // arrived meanwhile also bumped the store's list generation, which `before` holds, so compare that too.
    const after = this.generations(storeId, productKey);
    const current = after.list === before.list && after.store === before.store && after.global === before.global;
    return { body, etag: etagOf(body), ...before, product: after.product, productKey, current };
  }

  close(): void {
    this.unsubscribe();
    this.entries?.clear();
  }
}
