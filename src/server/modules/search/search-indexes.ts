/**
 * The in-memory search indexes of one app instance, one per store, kept in step with the database through the change
 * feed (decision 033), within a memory budget (decision 148). An index is built on a store's first search; a change to
 * some products refreshes only those before the next search; a change to departments, the store's settings or many
 * products at once (or a feed reset) rebuilds it. When the indexes' estimated bytes pass `maxBytes`, whole stores
 * unused for longest are dropped. Full builds run a few at a time (`buildConcurrency`); a search of a store whose index
 * is not in memory waits for its build at most `coldWaitMs` and is otherwise answered by PostgreSQL while the build
 * goes on, so a crowd of cold stores after a start or an eviction never queues behind one another.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.js';
import type { ChangeEvent, ChangeFeed } from '../../db/change-feed.js';
import { loadProducts, loadSynonymGroups, loadTaxonomy } from './index-loader.js';
import { synonymTable, type SynonymTable } from './query-plan.js';
import { StoreIndex } from './store-index.js';
import type { SearchLang } from './text.js';

/** The limits of a SearchIndexes; the defaults are the production values (tests lower them). */
export interface SearchIndexLimits {
  /** A store this large is rebuilt in the background while searches use its previous index (a few seconds stale). */
  backgroundRebuildAt: number;
  /** Changed ids refreshed one by one up to this many; beyond, the store is rebuilt. */
  maxPendingIds: number;
  /** Estimated bytes all stores' indexes may hold; past it the stores unused for longest are dropped. */
  maxBytes: number;
  /** Full builds (a store's load from the database and indexing) running at once. */
  buildConcurrency: number;
  /** How long a search waits for a store's first build before PostgreSQL answers it instead, in milliseconds. */
  coldWaitMs: number;
  /** Builds that may wait for a slot; past it a cold store's search starts none (PostgreSQL answers). */
  buildQueueMax: number;
}

export const DEFAULT_SEARCH_INDEX_LIMITS: SearchIndexLimits = {
  backgroundRebuildAt: 20_000,
  maxPendingIds: 5_000,
  maxBytes: 512 * 1024 * 1024,
  buildConcurrency: 2,
  coldWaitMs: 100,
  buildQueueMax: 16,
};

interface Entry {
  lang: SearchLang;
  index: StoreIndex | null;
  full: boolean;
  pending: Set<string>;
  work: Promise<void> | null;
  synonyms: SynonymTable | null;
  /** estimateBytes() of `index` when it was last measured (a build or a refresh). */
  bytes: number;
}

const NOT_PRODUCTS: ReadonlySet<ChangeEvent['topic']> = new Set([
  'domains',
  'offers',
  'listings',
  'accounts',
  'messages',
]);

export class SearchIndexes {
  private readonly entries = new Map<string, Entry>();
  private readonly unsubscribe: () => void;
  private readonly limits: SearchIndexLimits;
  private readonly buildSlots: ReturnType<typeof pLimit>;
  private heldBytes = 0;
  /** Stores searched once while the budget was full, not built yet (the admission's memory; ids only). */
  private readonly seenOnce = new LRUCache<string, true>({ max: 100_000 });
  /** The seller's synonym groups of stores whose index is not held (kept in step by the change feed). */
  private readonly groupsOfUnheld = new LRUCache<string, string[][]>({ max: 20_000 });
  /** Stores dropped to keep within the budget since the start (a figure for the benchmarks and logs). */
  evictions = 0;
  /** Searches answered by PostgreSQL because the store's index was not in memory in time. */
  coldFallbacks = 0;
  /** Full builds done since the start. */
  builds = 0;

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
    limits: Partial<SearchIndexLimits> = {},
  ) {
    this.limits = { ...DEFAULT_SEARCH_INDEX_LIMITS, ...limits };
    this.buildSlots = pLimit(this.limits.buildConcurrency);
    this.unsubscribe = feed.subscribe((e) => this.onChange(e));
  }

  /** True when the indexes can be trusted (the feed hears every change). */
  get live(): boolean {
    return this.feed.live;
  }

  private entry(storeId: string, lang: SearchLang): Entry {
    let e = this.entries.get(storeId);
    if (!e) e = { lang, index: null, full: true, pending: new Set(), work: null, synonyms: null, bytes: 0 };
    // The map's order is the order of use (least recent first): an entry used moves to the end.
    else this.entries.delete(storeId);
    this.entries.set(storeId, e);
    return e;
  }

  /**
   * The store's index, built or refreshed first when changes are pending, however long that takes (the benchmarks,
   * the warm-up after a start and the tests use it; searches use `ready`). Throws what the database throws.
   */
  async index(storeId: string, lang: SearchLang): Promise<StoreIndex> {
    const e = this.entry(storeId, lang);
    await this.bringUpToDate(storeId, lang, e);
    return e.index!;
  }

  /**
   * The store's index for a search: refreshed first when changes are pending; when the store has no index in memory
   * yet (first search, or dropped for the budget), its build starts and is waited for at most `coldWaitMs`, or not at
   * all when every build slot is taken (it would queue) — null means it is not ready and the caller answers from
   * PostgreSQL (the build goes on). Build errors are logged, not thrown, when nobody waits for them.
   */
  async ready(storeId: string, lang: SearchLang): Promise<StoreIndex | null> {
    const known = this.entries.get(storeId);
    if (known?.index && known.index.lang === lang) {
      const e = this.entry(storeId, lang);
      await this.bringUpToDate(storeId, lang, e);
      return e.index;
    }
    if (!known?.work) {
      // With the budget full, a build evicts another store: a store is built only on its second search within a
      // while (a one-off visit, or a crawler walking every store, does not push out the stores shoppers come back
      // to). And builds do not queue without bound: past `buildQueueMax` waiting, PostgreSQL answers and nothing is
      // built (the store's next search tries again).
      const full = this.heldBytes >= this.limits.maxBytes * 0.9;
      const admitted = !full || this.seenOnce.has(storeId);
      if (!admitted) this.seenOnce.set(storeId, true);
      if (!admitted || this.buildSlots.pendingCount >= this.limits.buildQueueMax) {
        this.coldFallbacks++;
        return null;
      }
      this.seenOnce.delete(storeId);
    }
    const e = this.entry(storeId, lang);
    // Every build slot taken: this one would wait its turn, so PostgreSQL answers at once instead of after the wait.
    const queued = this.buildSlots.activeCount + this.buildSlots.pendingCount >= this.limits.buildConcurrency;
    const building = this.bringUpToDate(storeId, lang, e);
    if (queued || this.limits.coldWaitMs <= 0) return this.fallback(storeId, building);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.limits.coldWaitMs)));
    const first = await Promise.race([building.then(() => 'built' as const), late]).finally(() => clearTimeout(timer));
    if (first === 'built') return e.index;
    return this.fallback(storeId, building);
  }

  private fallback(storeId: string, building: Promise<void>): null {
    this.coldFallbacks++;
    building.catch((err: unknown) => this.log.error({ err, storeId }, 'search index build failed'));
    return null;
  }

  private async bringUpToDate(storeId: string, lang: SearchLang, e: Entry): Promise<void> {
    if (e.lang !== lang) {
      e.lang = lang;
      e.full = true;
    }
    // Two rounds at most: changes that keep arriving during a refresh are picked up by the next search.
    for (let round = 0; round < 2 && (!e.index || e.full || e.pending.size); round++) {
      if (e.index && e.full && e.index.liveCount >= this.limits.backgroundRebuildAt) {
        this.start(storeId, e).catch((err: unknown) => this.log.error({ err, storeId }, 'search index rebuild failed'));
        break;
      }
      await this.start(storeId, e);
    }
  }

  /** The store's synonym table (built-in groups of its language plus the seller's). */
  async synonyms(storeId: string, lang: SearchLang): Promise<SynonymTable> {
    const e = this.entries.get(storeId);
    if (!e) {
      // A store not held keeps only its seller's groups (most have none: the built-in table is shared), in a bounded
      // list, so a cold store's searches (answered by PostgreSQL) do not read them again each time.
      let groups = this.feed.live ? this.groupsOfUnheld.get(storeId) : undefined;
      if (!groups) {
        groups = await loadSynonymGroups({ db: this.db, storeId });
        if (this.feed.live) this.groupsOfUnheld.set(storeId, groups);
      }
      return synonymTable(lang, groups);
    }
    if (!e.synonyms || e.lang !== lang || !this.feed.live) {
      e.synonyms = synonymTable(lang, await loadSynonymGroups({ db: this.db, storeId }));
    }
    return e.synonyms;
  }

  private start(storeId: string, e: Entry): Promise<void> {
    if (!e.work) e.work = this.update(storeId, e).finally(() => (e.work = null));
    return e.work;
  }

  private async update(storeId: string, e: Entry): Promise<void> {
    if (!e.index || e.full || e.index.lang !== e.lang || e.index.wantsRebuild) {
      // Cleared before reading: a change committed while we read notifies again and is applied next time.
      e.full = false;
      e.pending.clear();
      const lang = e.lang;
      const built = await this.buildSlots(async () => {
        const [taxonomy, rows] = await Promise.all([
          loadTaxonomy({ db: this.db, storeId }),
          loadProducts({ db: this.db, storeId }),
        ]);
        return StoreIndex.build(lang, taxonomy.departments, taxonomy.categories, rows);
      });
      this.builds++;
      // Dropped for the budget while it was being built: keep nothing (the next search builds it again).
      if (this.entries.get(storeId) !== e) return;
      e.index = built;
      this.measure(e);
      this.evict(storeId);
      return;
    }
    const ids = [...e.pending];
    e.pending.clear();
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      e.index.apply(chunk, await loadProducts({ db: this.db, storeId }, chunk));
    }
    this.measure(e);
  }

  /** Records the entry's index size in the running total. */
  private measure(e: Entry): void {
    const bytes = e.index?.estimateBytes() ?? 0;
    this.heldBytes += bytes - e.bytes;
    e.bytes = bytes;
  }

  private onChange(event: ChangeEvent): void {
    if (event.storeId === null) {
      this.groupsOfUnheld.clear();
      for (const e of this.entries.values()) {
        e.full = true;
        e.synonyms = null;
      }
      return;
    }
    if (event.topic === 'synonyms') this.groupsOfUnheld.delete(event.storeId);
    const e = this.entries.get(event.storeId);
    if (!e) return;
    if (event.topic === 'synonyms') e.synonyms = null;
    else if (event.topic === 'products' && event.ids && e.pending.size < this.limits.maxPendingIds)
      for (const id of event.ids) e.pending.add(id);
    // Domains, offers, listings and accounts are not the store's searchable products (a listing's product is, and its
    // own writes arrive as `products`).
    else if (!NOT_PRODUCTS.has(event.topic)) e.full = true;
  }

  /**
   * Drops whole stores, unused for longest first, while the indexes hold more than the budget. The store just built
   * stays even if it alone is over (its searches would otherwise never be answered from memory), and so does a store
   * whose build or refresh is running. Each store counts as measured after its last build or refresh (its cached typo
   * corrections grow between, bounded per store).
   */
  private evict(keep: string): void {
    if (this.heldBytes <= this.limits.maxBytes) return;
    // Least recently used first: the map's own order (entry() moves a used store to the end).
    for (const [id, e] of this.entries) {
      if (this.heldBytes <= this.limits.maxBytes) break;
      if (id === keep || e.work) continue;
      this.heldBytes -= e.bytes;
      this.entries.delete(id);
      if (e.index) this.evictions++;
    }
  }

  /** Stores indexed, products held, the estimate of the memory they take and the budget's counters. */
  stats(): {
    stores: number;
    products: number;
    bytes: number;
    maxBytes: number;
    evictions: number;
    coldFallbacks: number;
    builds: number;
  } {
    let products = 0;
    let stores = 0;
    for (const e of this.entries.values()) {
      if (!e.index) continue;
      stores++;
      products += e.index.liveCount;
      this.measure(e);
    }
    return {
      stores,
      products,
      bytes: this.heldBytes,
      maxBytes: this.limits.maxBytes,
      evictions: this.evictions,
      coldFallbacks: this.coldFallbacks,
      builds: this.builds,
    };
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
    this.groupsOfUnheld.clear();
    this.heldBytes = 0;
  }
}
