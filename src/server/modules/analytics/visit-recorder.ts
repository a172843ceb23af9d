/**
 * The page-view recorder (decisions 161, 162). A storefront request only pushes what it saw into memory (store, IP,
 * user agent, whether the browser asked not to be tracked, time); the batch writer turns each second's rows into
 * visitor keys and one INSERT. The IP and the user agent are never written: they live in memory for about a second.
 * Bots (the `isbot` list, or no user agent at all) are not counted.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { DbContext } from '../../lib/context.js';
import { createBatchWriter, type BatchWriter } from '../../lib/batch-writer.js';
import { getStoreById, storeTimeZone } from '../stores/index.js';
import { dailySalt, dayIn, insertPageViews, visitorKey, type PageViewRow } from './visits.service.js';

/** What a request tells the recorder. */
export interface SeenView {
  storeId: string;
  ip: string;
  userAgent: string | undefined;
  /** The request's headers that ask not to be tracked. */
  doNotTrack: string | undefined;
  globalPrivacyControl: string | undefined;
  at?: Date;
}

interface PendingView {
  storeId: string;
  ip: string;
  userAgent: string;
  tracked: boolean;
  at: Date;
}

export interface VisitRecorder {
  /** Counts a page view unless it comes from a bot; false when it was not counted (bot, or the buffer was full). */
  record(view: SeenView): boolean;
  /** Writes the views queued so far (a report reads its own instance's last second too). */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly dropped: number;
}

/** A view is counted without a key when the browser sends `DNT: 1` or `Sec-GPC: 1`. */
export function asksNotToTrack(doNotTrack: string | undefined, gpc: string | undefined): boolean {
  return doNotTrack?.trim() === '1' || gpc?.trim() === '1';
}

/** A recorder writing to `ctx.db`; options as the batch writer's. */
export function createVisitRecorder(
  ctx: DbContext,
  opts: { log: FastifyBaseLogger; intervalMs?: number; batchSize?: number; maxPending?: number },
): VisitRecorder {
  // A store's time zone and a day's salt are read once a minute at most, in the writer, not per view.
  const zones = new LRUCache<string, string>({ max: 10_000, ttl: 60_000 });
  const salts = new Map<string, Promise<string>>();
  const zoneOf = async (storeId: string) => {
    let zone = zones.get(storeId);
    if (!zone) {
      zone = storeTimeZone((await getStoreById({ db: ctx.db, storeId }))?.settings);
      zones.set(storeId, zone);
    }
    return zone;
  };
  const saltOf = (day: string) => {
    let salt = salts.get(day);
    if (!salt) {
      // Days a salt is no longer needed for are forgotten here as the sweep deletes them in the database.
      if (salts.size > 4) for (const old of [...salts.keys()].sort().slice(0, salts.size - 4)) salts.delete(old);
      salt = dailySalt(ctx, day);
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
    }
    return salt;
  };

  const writer: BatchWriter<PendingView> = createBatchWriter<PendingView>({
    name: 'page views',
    log: opts.log,
    intervalMs: opts.intervalMs,
    batchSize: opts.batchSize,
    maxPending: opts.maxPending,
    write: async (views) => {
      // Time zones and salts once per batch (a batch is one or two days of a few stores), then each key in a loop.
      const zoneByStore = new Map<string, string>();
      for (const storeId of new Set(views.map((v) => v.storeId))) zoneByStore.set(storeId, await zoneOf(storeId));
      const dayOf = (v: PendingView) => dayIn(v.at, zoneByStore.get(v.storeId)!);
      const saltByDay = new Map<string, KeyObject>();
      for (const day of new Set(views.filter((v) => v.tracked).map(dayOf)))
        saltByDay.set(day, createSecretKey(Buffer.from(await saltOf(day), 'hex')));
      const rows: PageViewRow[] = views.map((v) => ({
        storeId: v.storeId,
        visitorKey: v.tracked ? visitorKey(saltByDay.get(dayOf(v))!, v.ip, v.userAgent, v.storeId) : null,
        viewedAt: v.at,
      }));
      await insertPageViews(ctx, rows);
    },
  });

  return {
    record(view) {
      const ua = view.userAgent?.trim();
      if (!ua || isbot(ua)) return false;
      return writer.push({
        storeId: view.storeId,
        ip: view.ip,
        userAgent: ua,
        tracked: !asksNotToTrack(view.doNotTrack, view.globalPrivacyControl),
        at: view.at ?? new Date(),
      });
    },
    flush: () => writer.flush(),
    close: () => writer.close(),
    get dropped() {
      return writer.dropped;
    },
  };
}
