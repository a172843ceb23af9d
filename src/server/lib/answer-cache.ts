/**
 * Cached JSON answers of one app instance (product detail, search, sitemap; decision 033), dropped on every write
 * through the change feed, on this instance and every other. An answer is serialised once and kept with its ETag.
 *
 * Invalidation by generations, so a change costs O(1): an answer remembers the generations it was computed under and
 * is valid while they are unchanged. A change to some products bumps those products' generations (their detail
 * answers) and the store's list generation (searches, sitemaps); any other change of a store bumps the store's
 * generation; a feed reset bumps the global one. Generations are read before computing, so an answer computed while
 * a change arrived is never served as fresh. While the feed is down nothing is cached (PostgreSQL answers every time).
 */
import { createHash } from 'node:crypto';
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
}

/** An ETag for a body: weak, since equal JSON may be compressed differently on the way. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** What a computation gives: a JSON value (or an already serialised body) and, for one product's answer, its id. */
export type Computed = ({ value: unknown } | { body: string }) & { productId?: string };

const serialise = (c: Computed) => ('body' in c ? c.body : JSON.stringify(c.value));

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
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
    private readonly maxEntries: number,
  ) {
    this.unsubscribe = feed.subscribe((e) => this.onChange(e));
  }

  private onChange(e: ChangeEvent): void {
    if (e.storeId === null) {
      this.global++;
      this.entries.clear();
      return;
    }
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

  /**
   * The answer for `key` of store `storeId`, computing it on a miss. `compute` returns the JSON value (already shaped
   * by its response schema) or a ready body (XML), and, for an answer about one product, that product's id: such an answer survives changes
   * to other products. Concurrent misses of one key share one computation. Throws what `compute` throws (not cached).
   */
  async get(storeId: string, key: string, compute: () => Promise<Computed>): Promise<CachedAnswer> {
    const k = `${storeId}\u0000${key}`;
    if (this.maxEntries <= 0 || !this.feed.live) {
      this.misses++;
      const body = serialise(await compute());
      return { body, etag: etagOf(body) };
    }
    const hit = this.entries.get(k);
    if (hit) {
      const now = this.generations(storeId, hit.productKey);
      if (
        hit.global === now.global &&
        hit.store === now.store &&
        (hit.productKey ? hit.product === now.product : hit.list === now.list)
      ) {
        this.hits++;
        this.entries.delete(k);
        this.entries.set(k, hit);
        return hit;
      }
      this.entries.delete(k);
    }
    this.misses++;
    const pending = this.inFlight.get(k);
    if (pending) return pending;
    const work = this.fill(k, storeId, compute).finally(() => this.inFlight.delete(k));
    this.inFlight.set(k, work);
    return work;
  }

  private async fill(k: string, storeId: string, compute: () => Promise<Computed>): Promise<CachedAnswer> {
    const before = this.generations(storeId, null);
    const computed = await compute();
    const body = serialise(computed);
    const productId = computed.productId;
    const productKey = productId ? `${storeId}/${productId}` : null;
    // A product's generation is read after computing only when it was unknown before: read it now, but a change that
    // arrived meanwhile also bumped the store's list generation, which `before` holds, so compare that too.
    const after = this.generations(storeId, productKey);
    const entry: Entry = { body, etag: etagOf(body), ...before, product: after.product, productKey };
    if (after.list === before.list && after.store === before.store && after.global === before.global) {
      this.entries.set(k, entry);
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return entry;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
