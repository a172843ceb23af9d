/**
 * The change feed every app instance follows (decision 033): a write to catalogue or
 * store data publishes `{ storeId, topic, ids? }` on the PostgreSQL channel `vitrina_changes`, and every instance
 * drops or refreshes what it keeps in memory (search index, cached answers, store look-ups).
 *
 * - Published by database triggers (migration `0006_search_synonyms_change_feed` and later ones) on products, variants, reviews,
 *   departments, categories, stores, store domains, search synonyms, catalogue offers, listings, sessions, users
 *   and store memberships, so no write path can forget it; code may also
 *   publish with `publishChange(tx, event)`. Both use `pg_notify` inside the writing transaction: delivered when it
 *   commits, never when it rolls back.
 * - PostgreSQL: one dedicated listening connection per instance (not from the pool), reconnected with back-off. While
 *   it is down `live` is false and callers must not trust their caches; after a reconnect every listener hears a
 *   `reset` (`storeId: null`), since notifications sent meanwhile are lost.
 * - PGlite (one process): the same NOTIFY, which PGlite delivers synchronously when the transaction commits, so a
 *   reader on this instance sees its own writes at once.
 * - The channel also carries `job:<queue>` when a background job is enqueued (jobs/queue.ts): every instance's job
 *   runner wakes that queue's worker at the commit instead of waiting for its poll (`onJobQueued`).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db, Tx } from './client.js';

export const CHANGE_CHANNEL = 'vitrina_changes';

/**
 * What changed. `products`: a product, its variants (price, stock), reviews or rating; ids are product ids.
 * `departments`: departments or categories. `store`: settings, language, name, status. `domains`: store domains; ids
 * are host names. `synonyms`: the store's search synonyms. `offers`: the store's offers in the global catalogue (the
 * supplier's store; ids are offer ids). `listings`: the store's listings of other suppliers'
 * offers (ids are offer ids). `accounts`: sessions, users or store memberships (platform-wide: `storeId` is the empty
 * string; ids are user ids). `messages`: a conversation's messages (new, received, viewed; ids are conversation ids),
 * heard by the messages module's live streams only.
 */
export type ChangeTopic =
  'products' | 'departments' | 'store' | 'domains' | 'synonyms' | 'offers' | 'listings' | 'accounts' | 'messages';

/** One change. `storeId: null` is a reset: forget everything of every store (the feed may have missed changes). */
export interface ChangeEvent {
  storeId: string | null;
  topic: ChangeTopic | 'all';
  /** Affected ids when few (at most 100); absent means "any of the store's rows of this topic". */
  ids?: string[];
  /**
   * A products change that touched only stock, the sales count or the rating figures of the products `ids` (a sale,
   * a stock count, a review): nothing a search matches, filters or counts by (decision 149).
   */
  stockOnly?: boolean;
}

export type ChangeListener = (event: ChangeEvent) => void;

export interface ChangeFeed {
  /** Registers a listener (called synchronously for each event, in commit order); returns its removal. */
  subscribe(listener: ChangeListener): () => void;
  /** True while this instance is sure to hear every change; false while the listening connection is down. */
  readonly live: boolean;
  /**
   * Resolves once every change committed before the call has reached this instance's listeners (a NOTIFY round trip;
   * rejects after 5 s). The app calls it before answering a request that may have written (plugins/change-feed.ts).
   */
  sync(): Promise<void>;
  /** `pglite` delivers at commit (a reader sees its own writes at once); `postgres` a moment later. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Registers a listener of committed job enqueues: called with the queue name, or `*` after a reconnect (wake-ups
   * sent meanwhile were lost). Returns its removal.
   */
  onJobQueued(listener: (queue: string) => void): () => void;
  close(): Promise<void>;
}

/** Publishes a change inside `db` or a transaction; it reaches every instance when the transaction commits. */
export async function publishChange(db: Db | Tx, event: { storeId: string; topic: ChangeTopic; ids?: string[] }) {
  const payload = JSON.stringify({ s: event.storeId, t: event.topic, i: event.ids?.length ? event.ids : null });
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
}

/**
 * Announces a job enqueued on queue `queue` inside `db` or a transaction: every instance hears it when the transaction
 * commits (jobs/queue.ts calls it; the payload is the queue name only, never the job's data).
 */
export async function publishJobQueued(db: Db | Tx, queue: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`job:${queue}`})`);
}

/** Parses a NOTIFY payload; sync markers and malformed payloads give null. */
export function parseChange(payload: string): ChangeEvent | null {
  try {
    const p = JSON.parse(payload) as { s?: unknown; t?: unknown; i?: unknown; k?: unknown };
    if (typeof p.s !== 'string' || typeof p.t !== 'string') return null;
    const ids = Array.isArray(p.i) ? p.i.filter((x): x is string => typeof x === 'string') : undefined;
    return {
      storeId: p.s,
      topic: p.t as ChangeTopic,
      ...(ids?.length ? { ids } : {}),
      ...(p.k === 'stock' && ids?.length ? { stockOnly: true } : {}),
    };
  } catch {
    return null;
  }
}

type Raw = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

function rawClient(db: Db): Raw {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return { kind: 'postgres', pool: client };
  return { kind: 'pglite', client: client as PGlite };
}

/**
 * Opens the change feed of `db` and starts listening. `log` hears connection problems. On PostgreSQL the listening
 * connection uses the pool's connection settings.
 */
export async function openChangeFeed(
  db: Db,
  opts: { log?: { warn(obj: object, msg: string): void }; maxBackoffMs?: number } = {},
): Promise<ChangeFeed> {
  const listeners = new Set<ChangeListener>();
  const waiting = new Map<string, () => void>();
  const emit = (event: ChangeEvent) => {
    for (const l of listeners) {
      try {
        l(event);
      } catch (err) {
        opts.log?.warn({ err }, 'change listener failed');
      }
    }
  };
  const jobListeners = new Set<(queue: string) => void>();
  const emitJob = (queue: string) => {
    for (const l of jobListeners) {
      try {
        l(queue);
      } catch (err) {
        opts.log?.warn({ err }, 'job wake-up listener failed');
      }
    }
  };
  const onPayload = (payload: string) => {
    if (payload.startsWith('job:')) {
      emitJob(payload.slice(4));
      return;
    }
    if (payload.startsWith('sync:')) {
      waiting.get(payload.slice(5))?.();
      return;
    }
    const event = parseChange(payload);
    if (event) emit(event);
  };
  const raw = rawClient(db);
  const sync = async () => {
    const marker = randomUUID();
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(marker);
        reject(new Error('change feed: sync timed out'));
      }, 5000);
      waiting.set(marker, () => {
        clearTimeout(timer);
        waiting.delete(marker);
        resolve();
      });
    });
    await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`sync:${marker}`})`);
    await heard;
  };
  const base = {
    subscribe: (l: ChangeListener) => (listeners.add(l), () => void listeners.delete(l)),
    onJobQueued: (l: (queue: string) => void) => (jobListeners.add(l), () => void jobListeners.delete(l)),
    sync,
  };

  if (raw.kind === 'pglite') {
    const unlisten = await raw.client.listen(CHANGE_CHANNEL, onPayload);
    return {
      ...base,
      live: true,
      kind: 'pglite',
      async close() {
        listeners.clear();
        jobListeners.clear();
        if (!raw.client.closed) await unlisten();
      },
    };
  }
  const onReset = () => {
    emit({ storeId: null, topic: 'all' });
    emitJob('*');
  };
  return listenOnPostgres(raw.pool, onPayload, onReset, base, opts);
}

function listenOnPostgres(
  pool: pg.Pool,
  onPayload: (payload: string) => void,
  onReset: () => void,
  base: Pick<ChangeFeed, 'subscribe' | 'sync' | 'onJobQueued'>,
  opts: { log?: { warn(obj: object, msg: string): void }; maxBackoffMs?: number },
): Promise<ChangeFeed> {
  const settings = (pool as unknown as { options: pg.ClientConfig }).options;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let everConnected = false;
  let backoff = 100;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ ...settings, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL && n.payload !== undefined) onPayload(n.payload);
    });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      live = false;
      c.removeAllListeners('end');
      c.end().catch(() => {});
      if (closed) return;
      opts.log?.warn({ err }, 'change feed: listening connection lost; reconnecting');
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    live = true;
    backoff = 100;
    // Anything committed while nobody listened is unknown: every listener starts over.
    if (everConnected) onReset();
    everConnected = true;
  };
  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((err: Error) => {
        opts.log?.warn({ err }, 'change feed: reconnect failed');
        backoff = Math.min(backoff * 2, opts.maxBackoffMs ?? 5000);
        schedule();
      });
    }, backoff);
    timer.unref();
  };

  return connect().then(() => ({
    ...base,
    kind: 'postgres' as const,
    get live() {
      return live;
    },
    async close() {
      closed = true;
      live = false;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  }));
}
