/**
 * Cached JSON answers of one app instance (product detail, search, sitemap; decisions 033 and 149), kept true by the
 * change feed on this instance and every other. An answer is serialised once and kept with its ETag.
 *
 * Memory: a budget in bytes (ANSWER_CACHE_MB), half for answers about one product and half for lists (search,
 * sitemaps), so that a flood of never-repeated searches cannot push product pages out; once a half is full, a store
 * holding more than `storeShare` of it makes room from its own answers, so one store's crawler cannot push every other
 * store out (below full, one store may use all the room). Least recently used first.
 *
 * Invalidation by generations, so a change costs O(1): an answer remembers the generations it was computed under.
 * A change to some products bumps those products' generations (their own answers) and the store's list generation;
 * any other change of a store bumps the store's generation; a feed reset bumps the global one. A list answer also
 * remembers which products it shows. A change of stock or sales only (a sale: `stockOnly` events) drops the lists that
 * show one of its products at once (their cards' stock is never shown stale), while the lists it did not touch may be
 * served for at most `maxStaleMs` after they were computed and are recomputed in the background meanwhile (a sale
 * reordering "most sold" shows within that time). Any other product change drops every list of the store. Generations are read before computing, so an answer computed while a change arrived is never served as
 * fresh. While the feed is down nothing is cached (PostgreSQL answers every time).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ChangeEvent, ChangeFeed } from '../db/change-feed.js';

export interface CachedAnswer {
  body: string;
  etag: string;
}

interface Entry extends CachedAnswer {
  storeId: string;
  key: string;
  global: number;
  store: number;
  list: number;
  product: number;
  productKey: string | null;
  /** A list's products (store/product keys), or null when unknown (then any product change drops it). */
  shows: string[] | null;
  computedAt: number;
  size: number;
  /** False when a change arrived while it was computed: it answers the callers waiting for it and is not kept. */
  current: boolean;
}

/** An ETag for a body: weak, since equal JSON may be compressed differently on the way. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * What a computation gives: a JSON value (or an already serialised body); for one product's answer, its id; for a
 * list, the ids of the products it shows (without them any product change drops it); `keep: false` for an answer
 * that should answer its callers only (a search answered by the fallback engine while the index builds).
 */
export type Computed = ({ value: unknown } | { body: string }) & {
  productId?: string;
  productIds?: string[];
  keep?: boolean;
};

const serialise = (c: Computed) => ('body' in c ? c.body : JSON.stringify(c.value));

export interface AnswerCacheOptions {
  /** Bytes of answers kept (bodies and ETags); 0 turns caching off. */
  maxBytes: number;
  /** How long a list untouched by a product change may still be served while it is recomputed, ms; 0: never. */
  maxStaleMs: number;
  /** The share of each half one store may hold (0-1]. */
  storeShare?: number;
}

/** A pool of answers (products, or lists) with its per-store byte counts and recency. */
class Pool {
  readonly lru: LRUCache<string, Entry>;
  /** Per store: its keys, least recently used first (a Set keeps insertion order), and their bytes. */
  private readonly stores = new Map<string, { keys: Set<string>; bytes: number }>();
  /** The store that held the most when it last grew (the first to give room back when the pool is full). */
  private hog: { keys: Set<string>; bytes: number } | null = null;

  constructor(
    private readonly maxBytes: number,
    private readonly storeMax: number,
    onDrop: (e: Entry) => void,
  ) {
    this.lru = new LRUCache<string, Entry>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (e) => Math.max(1, e.size),
      dispose: (e, key) => {
        const s = this.stores.get(e.storeId);
        if (s?.keys.delete(key)) {
          s.bytes -= e.size;
          if (!s.keys.size) this.stores.delete(e.storeId);
        }
        onDrop(e);
      },
    });
  }

  get(key: string): Entry | undefined {
    const e = this.lru.get(key);
    if (e) {
      const keys = this.stores.get(e.storeId)!.keys;
      keys.delete(key);
      keys.add(key);
    }
    return e;
  }

  set(key: string, e: Entry): void {
    if (e.size > this.storeMax || e.size > this.maxBytes) return;
    this.lru.delete(key);
    let s = this.stores.get(e.storeId);
    if (!s) this.stores.set(e.storeId, (s = { keys: new Set(), bytes: 0 }));
    // With the pool full, room comes first from the store itself if it is over its share, then from the store holding
    // the most if that one is over its share: never from a store within its share while another is over (below full,
    // one store may use the room nobody else needs).
    const full = () => this.lru.calculatedSize + e.size > this.maxBytes;
    while (full() && s.bytes + e.size > this.storeMax && s.keys.size) this.lru.delete(s.keys.values().next().value!);
    const hog = this.hog;
    while (hog && hog !== s && full() && hog.bytes > this.storeMax && hog.keys.size)
      this.lru.delete(hog.keys.values().next().value!);
    if (!this.stores.has(e.storeId)) this.stores.set(e.storeId, s);
    s.keys.add(key);
    s.bytes += e.size;
    if (!this.hog || s.bytes > this.hog.bytes) this.hog = s;
    this.lru.set(key, e);
  }

  storeBytes(storeId: string): number {
    return this.stores.get(storeId)?.bytes ?? 0;
  }

  clear(): void {
    this.lru.clear();
    this.stores.clear();
    this.hog = null;
  }
}

export class AnswerCache {
  private readonly pools: { products: Pool; lists: Pool } | null;
  private readonly maxStaleMs: number;
  private global = 0;
  private readonly storeGen = new Map<string, number>();
  private readonly listGen = new Map<string, number>();
  private readonly productGen = new Map<string, number>();
  /** Per store, the list generation of its last product change that was more than stock (lists before it go). */
  private readonly storeLists = new Map<string, number>();
  /** Cache keys of the kept lists that show a product (store/product key → keys). */
  private readonly shownIn = new Map<string, Set<string>>();
  /** Per store, its recent product changes by list generation (to judge a list computed while they arrived). */
  private readonly recent = new Map<string, { gen: number; ids: string[] | null }[]>();
  private readonly inflight = new Map<string, Promise<Entry>>();
  private readonly unsubscribe: () => void;
  hits = 0;
  /** Hits on a list a product change had made stale, within `maxStaleMs` (counted in `hits` too). */
  staleHits = 0;
  misses = 0;

  constructor(
    private readonly feed: ChangeFeed,
    options: AnswerCacheOptions,
  ) {
    this.maxStaleMs = options.maxStaleMs;
    const share = options.storeShare ?? 0.25;
    const half = Math.floor(options.maxBytes / 2);
    const onDrop = (e: Entry) => this.unlink(e);
    this.pools =
      options.maxBytes > 0
        ? {
            products: new Pool(half, Math.max(1, Math.floor(half * share)), onDrop),
            lists: new Pool(half, Math.max(1, Math.floor(half * share)), onDrop),
          }
        : null;
    this.unsubscribe = feed.subscribe((e) => this.onChange(e));
  }

  private onChange(e: ChangeEvent): void {
    // The generation maps grow with the products ever changed: past a bound they start again, with everything dropped.
    if (this.productGen.size > 500_000) this.onChange({ storeId: null, topic: 'all' });
    if (e.storeId === null) {
      this.global++;
      this.pools?.products.clear();
      this.pools?.lists.clear();
      this.recent.clear();
      this.productGen.clear();
      return;
    }
    // An offer's or a listing's row follows its product, whose own change already reached this cache; no cached answer
    // reads offers or listings, nor depends on who is signed in; none reads messages.
    if (e.topic === 'offers' || e.topic === 'listings' || e.topic === 'accounts' || e.topic === 'messages') return;
    if (e.topic === 'products') {
      const gen = (this.listGen.get(e.storeId) ?? 0) + 1;
      this.listGen.set(e.storeId, gen);
      const ids = e.stockOnly ? (e.ids ?? null) : null;
      const recent = this.recent.get(e.storeId) ?? [];
      recent.push({ gen, ids });
      if (recent.length > 64) recent.shift();
      this.recent.set(e.storeId, recent);
      if (!e.ids) {
        // Which products changed is not known (a large write): every answer of the store is dropped.
        this.storeGen.set(e.storeId, (this.storeGen.get(e.storeId) ?? 0) + 1);
        return;
      }
      for (const id of e.ids) {
        const k = `${e.storeId}/${id}`;
        this.productGen.set(k, (this.productGen.get(k) ?? 0) + 1);
        for (const key of [...(this.shownIn.get(k) ?? [])]) this.pools?.lists.lru.delete(key);
      }
      // Anything but stock and sales (a new, renamed, repriced or hidden product) may change what any search matches
      // or counts: every list of the store goes.
      if (!e.stockOnly) this.storeLists.set(e.storeId, gen);
      return;
    }
    this.storeGen.set(e.storeId, (this.storeGen.get(e.storeId) ?? 0) + 1);
  }

  private unlink(e: Entry): void {
    for (const p of e.shows ?? []) {
      const keys = this.shownIn.get(p);
      if (!keys) continue;
      keys.delete(e.key);
      if (!keys.size) this.shownIn.delete(p);
    }
  }

  private generations(storeId: string, productKey: string | null) {
    return {
      global: this.global,
      store: this.storeGen.get(storeId) ?? 0,
      list: this.listGen.get(storeId) ?? 0,
      product: productKey ? (this.productGen.get(productKey) ?? 0) : 0,
    };
  }

  /** 'fresh', 'stale' (a list untouched by the product changes since, within maxStaleMs) or 'gone'. */
  private judge(entry: Entry): 'fresh' | 'stale' | 'gone' {
    const now = this.generations(entry.storeId, entry.productKey);
    if (!entry.current || entry.global !== now.global || entry.store !== now.store) return 'gone';
    if (entry.productKey) return entry.product === now.product ? 'fresh' : 'gone';
    if (entry.list === now.list) return 'fresh';
    if (entry.list < (this.storeLists.get(entry.storeId) ?? 0)) return 'gone';
    // A list that showed a changed product was dropped when the change arrived; one with unknown products cannot
    // tell, so it goes.
    if (entry.shows && Date.now() - entry.computedAt < this.maxStaleMs) return 'stale';
    return 'gone';
  }

  /**
   * The answer for `key` of store `storeId`, computing it on a miss. `compute` returns the JSON value (already shaped
   * by its response schema) or a ready body (XML), and, for an answer about one product, that product's id (it
   * survives changes to other products) or, for a list, the ids of the products it shows (it survives changes to
   * other products for `maxStaleMs`). Concurrent misses of one key share one computation. Throws what `compute`
   * throws (not cached).
   */
  async get(storeId: string, key: string, compute: () => Promise<Computed>): Promise<CachedAnswer> {
    if (!this.pools || !this.feed.live) {
      this.misses++;
      const body = serialise(await compute());
      return { body, etag: etagOf(body) };
    }
    const k = `${storeId}\u0000${key}`;
    const hit = this.pools.products.get(k) ?? this.pools.lists.get(k);
    if (hit) {
      const state = this.judge(hit);
      if (state === 'fresh') {
        this.hits++;
        return hit;
      }
      if (state === 'stale') {
        this.hits++;
        this.staleHits++;
        // Recomputed in the background; a failure leaves the stale answer to expire by itself.
        this.fetch(k, storeId, compute).catch(() => {});
        return hit;
      }
      this.pools.products.lru.delete(k);
      this.pools.lists.lru.delete(k);
    }
    this.misses++;
    return this.fetch(k, storeId, compute);
  }

  /** One computation per key at a time, kept when it is current. */
  private fetch(k: string, storeId: string, compute: () => Promise<Computed>): Promise<Entry> {
    let running = this.inflight.get(k);
    if (!running) {
      running = this.fill(k, storeId, compute).finally(() => this.inflight.delete(k));
      this.inflight.set(k, running);
    }
    return running;
  }

  private async fill(k: string, storeId: string, compute: () => Promise<Computed>): Promise<Entry> {
    const global = this.global;
    const before = this.generations(storeId, null);
    const computed = await compute();
    const body = serialise(computed);
    const productKey = computed.productId ? `${storeId}/${computed.productId}` : null;
    const shows = productKey ? null : (computed.productIds?.map((id) => `${storeId}/${id}`) ?? null);
    // A product's generation is read after computing only when it was unknown before: read it now, but a change that
    // arrived meanwhile also bumped the store's list generation, which `before` holds, so compare that too.
    const after = this.generations(storeId, productKey);
    const current =
      computed.keep !== false &&
      global === this.global &&
      after.store === before.store &&
      (after.list === before.list || (!!shows && !this.changedAmong(storeId, before.list, shows)));
    const entry: Entry = {
      body,
      etag: etagOf(body),
      storeId,
      key: k,
      ...before,
      product: after.product,
      productKey,
      shows,
      computedAt: Date.now(),
      // V8 keeps ASCII and Latin-1 JSON one byte per character (most answers); a little over for the entry itself.
      size: body.length + k.length + 200,
      current,
    };
    if (current && this.pools) {
      (productKey ? this.pools.products : this.pools.lists).set(k, entry);
      // Kept only if the pool took it (an answer larger than a store's share is not).
      if (!productKey && this.pools.lists.lru.peek(k) === entry)
        for (const p of shows ?? []) {
          let keys = this.shownIn.get(p);
          if (!keys) this.shownIn.set(p, (keys = new Set()));
          keys.add(k);
        }
    }
    return entry;
  }

  /** Whether a product change after list generation `since` touched one of `shows` (or is not known). */
  private changedAmong(storeId: string, since: number, shows: string[]): boolean {
    const recent = this.recent.get(storeId) ?? [];
    if (!recent.length || recent[0].gen > since + 1) return true;
    const shown = new Set(shows);
    return recent.some((r) => r.gen > since && (!r.ids || r.ids.some((id) => shown.has(`${storeId}/${id}`))));
  }

  /** Bytes of answers a store holds (both halves). */
  storeBytes(storeId: string): number {
    return (this.pools?.products.storeBytes(storeId) ?? 0) + (this.pools?.lists.storeBytes(storeId) ?? 0);
  }

  close(): void {
    this.unsubscribe();
    this.pools?.products.clear();
    this.pools?.lists.clear();
  }
}
