/**
 * Keeps this instance's in-memory global catalogue (decision 140) in step with `catalog_offers` through the change
 * feed: a change to some offers refreshes only those before the next search; a change to more offers of a supplier
 * than the feed names reloads that supplier's; a feed reset, a failed read or a delta grown too large rebuilds the
 * whole index: before the search for a small catalogue, in the background at scale (searches use the previous index
 * meanwhile; before a first one exists, and after a failed read, the caller answers with PostgreSQL).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ChangeEvent, ChangeFeed } from '../../db/change-feed.js';
import { OfferIndex } from './offer-index.js';
import { countShownOffers, loadAllOffers, loadOffers, loadSupplierOffers } from './offer-index-loader.js';

/** The limits of an OfferIndexes; the defaults are the production values (tests lower them). */
export interface OfferIndexLimits {
  /** A first build of a catalogue this large runs in the background (PostgreSQL answers meanwhile). */
  backgroundBuildAt: number;
  /** Changed offer ids refreshed one by one up to this many; beyond, the index is rebuilt. */
  maxPendingIds: number;
}

export const DEFAULT_OFFER_INDEX_LIMITS: OfferIndexLimits = { backgroundBuildAt: 20_000, maxPendingIds: 5_000 };

/** Whether an update succeeded (its failure is logged by `start`). */
const succeeded = (work: Promise<void>) =>
  work.then(
    () => true,
    () => false,
  );

export class OfferIndexes {
  private index: OfferIndex | null = null;
  private full = true;
  private readonly pendingIds = new Set<string>();
  private readonly pendingSuppliers = new Set<string>();
  private work: Promise<void> | null = null;
  private buildMs = 0;
  /** Whether the catalogue is too large to await a whole build (known after one, or counted before the first). */
  private large: boolean | null = null;
  private readonly unsubscribe: () => void;
  private readonly limits: OfferIndexLimits;

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
    limits: Partial<OfferIndexLimits> = {},
  ) {
    this.limits = { ...DEFAULT_OFFER_INDEX_LIMITS, ...limits };
    this.unsubscribe = feed.subscribe((e) => this.onChange(e));
  }

  /**
   * The index to answer with now, brought up to date with the changes heard so far; null when there is none yet (its
   * first build of a large catalogue is under way), the feed is down (it could miss changes) or reading the offers
   * failed (logged): answer with PostgreSQL then. Throws only what counting the offers throws.
   */
  async current(): Promise<OfferIndex | null> {
    if (!this.feed.live) return null;
    if (!this.index) {
      // Counted once: while a large catalogue's first build runs, every search goes to PostgreSQL at once.
      this.large ??= (await countShownOffers({ db: this.db })) >= this.limits.backgroundBuildAt;
      const first = this.start();
      if (this.large) {
        first.catch(() => undefined); // logged by start()
        return null;
      }
      if (!(await succeeded(first))) return null;
    }
    // Two rounds at most: changes that keep arriving during a refresh are picked up by the next search.
    for (let round = 0; round < 2 && this.stale(); round++) {
      if ((this.full || this.index!.wantsRebuild) && this.large) {
        // A whole rebuild takes seconds at scale: searches go on with the index they have (seconds stale).
        this.start().catch(() => undefined); // logged by start()
        break;
      }
      // A failed read: PostgreSQL answers this search; the next one rebuilds.
      if (!(await succeeded(this.start()))) return null;
    }
    return this.index;
  }

  /**
   * Builds the index when there is none (the feed being live), and resolves when it is ready; a failure is logged and
   * resolves too (searches then fall back to PostgreSQL and try again).
   */
  async warm(): Promise<void> {
    if (this.index || !this.feed.live) return;
    await this.start().catch(() => undefined); // logged by start()
  }

  private stale(): boolean {
    return this.full || this.pendingIds.size > 0 || this.pendingSuppliers.size > 0 || this.index!.wantsRebuild;
  }

  /** Runs one update at a time; a failure is logged once here and rejects every caller waiting on it. */
  private start(): Promise<void> {
    if (!this.work)
      this.work = this.update()
        .catch((err: unknown) => {
          // The pending changes were taken before the failed read: only a whole rebuild is sure to include them.
          this.full = true;
          this.log.error({ err }, 'global catalogue index update failed');
          throw err;
        })
        .finally(() => (this.work = null));
    return this.work;
  }

  private async update(): Promise<void> {
    const ctx = { db: this.db };
    if (!this.index || this.full || this.index.wantsRebuild) {
      // Cleared before reading: a change committed while we read notifies again and is applied next time.
      this.full = false;
      this.pendingIds.clear();
      this.pendingSuppliers.clear();
      const started = performance.now();
      this.index = OfferIndex.build(await loadAllOffers(ctx));
      this.buildMs = Math.round(performance.now() - started);
      this.large = this.index.liveCount >= this.limits.backgroundBuildAt;
      return;
    }
    const suppliers = [...this.pendingSuppliers];
    const ids = [...this.pendingIds];
    this.pendingSuppliers.clear();
    this.pendingIds.clear();
    for (const storeId of suppliers) {
      const rows = await loadSupplierOffers({ ...ctx, storeId });
      this.index.apply(new Set([...this.index.offersOf(storeId), ...rows.map((r) => r.id)]), rows);
    }
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      this.index.apply(chunk, await loadOffers(ctx, chunk));
    }
  }

  private onChange(event: ChangeEvent): void {
    if (event.storeId === null) {
      this.full = true;
      return;
    }
    // Before a first build nothing is held; during it, changes are kept for the refresh that follows.
    if (event.topic !== 'offers' || (!this.index && !this.work)) return;
    if (!event.ids) this.pendingSuppliers.add(event.storeId);
    else if (this.pendingIds.size < this.limits.maxPendingIds) for (const id of event.ids) this.pendingIds.add(id);
    else this.full = true;
  }

  /** Offers held, an estimate of the memory they take, and how long the last full build took (0 before one). */
  stats(): { offers: number; bytes: number; buildMs: number } {
    return { offers: this.index?.liveCount ?? 0, bytes: this.index?.estimateBytes() ?? 0, buildMs: this.buildMs };
  }

  close(): void {
    this.unsubscribe();
    this.index = null;
  }
}
