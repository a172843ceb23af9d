/**
 * The in-memory search indexes of one app instance, one per store, kept in step with the database through the change
 * feed (decision 033). An index is built on a store's first search; a change to some products refreshes only those
 * before the next search; a change to departments, the store's settings or many products at once (or a feed reset)
 * rebuilds it. Stores unused for longest are dropped when the indexed products exceed `maxDocs`.
 */
import type { FastifyBaseLogger } from 'fastify';
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
}

export const DEFAULT_SEARCH_INDEX_LIMITS: SearchIndexLimits = { backgroundRebuildAt: 20_000, maxPendingIds: 5_000 };

interface Entry {
  lang: SearchLang;
  index: StoreIndex | null;
  full: boolean;
  pending: Set<string>;
  work: Promise<void> | null;
  synonyms: SynonymTable | null;
  usedAt: number;
}

const NOT_PRODUCTS: ReadonlySet<ChangeEvent['topic']> = new Set(['domains', 'offers', 'listings', 'accounts']);

export class SearchIndexes {
  private readonly entries = new Map<string, Entry>();
  private readonly unsubscribe: () => void;
  private readonly limits: SearchIndexLimits;

  /** `maxDocs`: products held over all stores before the stores unused for longest are dropped. */
  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
    private readonly maxDocs = 2_000_000,
    limits: Partial<SearchIndexLimits> = {},
  ) {
    this.limits = { ...DEFAULT_SEARCH_INDEX_LIMITS, ...limits };
    this.unsubscribe = feed.subscribe((e) => this.onChange(e));
  }

  /** True when the indexes can be trusted (the feed hears every change). */
  get live(): boolean {
    return this.feed.live;
  }

  private entry(storeId: string, lang: SearchLang): Entry {
    let e = this.entries.get(storeId);
    if (!e) {
      e = { lang, index: null, full: true, pending: new Set(), work: null, synonyms: null, usedAt: 0 };
      this.entries.set(storeId, e);
    }
    e.usedAt = Date.now();
    return e;
  }

  /** The store's index, built or refreshed first when changes are pending. Throws what the database throws. */
  async index(storeId: string, lang: SearchLang): Promise<StoreIndex> {
    const e = this.entry(storeId, lang);
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
    return e.index!;
  }

  /** The store's synonym table (built-in groups of its language plus the seller's). */
  async synonyms(storeId: string, lang: SearchLang): Promise<SynonymTable> {
    const e = this.entry(storeId, lang);
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
      const [taxonomy, rows] = await Promise.all([
        loadTaxonomy({ db: this.db, storeId }),
        loadProducts({ db: this.db, storeId }),
      ]);
      e.index = StoreIndex.build(e.lang, taxonomy.departments, taxonomy.categories, rows);
      this.evict(storeId);
      return;
    }
    const ids = [...e.pending];
    e.pending.clear();
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      e.index.apply(chunk, await loadProducts({ db: this.db, storeId }, chunk));
    }
  }

  private onChange(event: ChangeEvent): void {
    if (event.storeId === null) {
      for (const e of this.entries.values()) {
        e.full = true;
        e.synonyms = null;
      }
      return;
    }
    const e = this.entries.get(event.storeId);
    if (!e) return;
    if (event.topic === 'synonyms') e.synonyms = null;
    else if (event.topic === 'products' && event.ids && e.pending.size < this.limits.maxPendingIds)
      for (const id of event.ids) e.pending.add(id);
    // Domains, offers, listings and accounts are not the store's searchable products (a listing's product is, and its
    // own writes arrive as `products`).
    else if (!NOT_PRODUCTS.has(event.topic)) e.full = true;
  }

  private evict(keep: string): void {
    let docs = 0;
    for (const e of this.entries.values()) docs += e.index?.ids.length ?? 0;
    const byAge = [...this.entries].filter(([id]) => id !== keep).sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [id, e] of byAge) {
      if (docs <= this.maxDocs) break;
      if (e.work) continue;
      docs -= e.index?.ids.length ?? 0;
      this.entries.delete(id);
    }
  }

  /** Stores indexed, products held and an estimate of the memory they take. */
  stats(): { stores: number; products: number; bytes: number } {
    let products = 0;
    let bytes = 0;
    for (const e of this.entries.values()) {
      products += e.index?.liveCount ?? 0;
      bytes += e.index?.estimateBytes() ?? 0;
    }
    return { stores: this.entries.size, products, bytes };
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
