/**
 * The live side of messages (decision 153): each open `GET .../messages/stream` is a Server-Sent Events response that
 * sends the asking side's messages by `seq`, the event id. The change feed (PostgreSQL LISTEN/NOTIFY, or PGlite's
 * in-process NOTIFY) tells every instance which store's conversations changed; the streams of that store on this
 * instance then read what is newer than what they sent. A reconnecting browser sends `Last-Event-ID` (or `?after=`)
 * and gets exactly the changes it missed: `seq` is taken in commit order, so nothing below the last id sent can
 * appear later, and nothing is sent twice.
 *
 * The response is written on the raw socket (`reply.hijack()`): no compression or other `onSend` buffering may hold
 * events back. A comment every HEARTBEAT_MS keeps proxies from closing an idle stream; the client's disconnect ends
 * the timer and the subscription.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeEvent, ChangeFeed } from '../../db/change-feed.js';
import { MESSAGE_PAGE_SIZE } from '../../../shared/limits.js';
import { latestSeq, messagesAfter, type MessagesContext } from './messages.service.js';

/** A heartbeat comment this often (ms), under the idle timeouts of common proxies (60 s). */
export const HEARTBEAT_MS = 15_000;
/** What the browser waits before reconnecting after a drop (the SSE `retry` field, ms). */
const RETRY_MS = 2_000;

interface StreamListener {
  storeId: string;
  wake(): void;
  close(): void;
}

/** The open streams of one app instance, by store; woken by the change feed's `messages` events. */
class MessageHub {
  private readonly byStore = new Map<string, Set<StreamListener>>();

  add(l: StreamListener): void {
    const set = this.byStore.get(l.storeId) ?? new Set();
    set.add(l);
    this.byStore.set(l.storeId, set);
  }

  remove(l: StreamListener): void {
    const set = this.byStore.get(l.storeId);
    set?.delete(l);
    if (set?.size === 0) this.byStore.delete(l.storeId);
  }

  /** A reset (the feed may have missed changes) wakes every stream; a `messages` change its store's. */
  onChange(event: ChangeEvent): void {
    if (event.storeId === null) {
      for (const set of this.byStore.values()) for (const l of set) l.wake();
      return;
    }
    if (event.topic !== 'messages') return;
    for (const l of this.byStore.get(event.storeId) ?? []) l.wake();
  }

  /** Ends every open stream (the app is closing: open responses would hold its server open). */
  closeAll(): void {
    for (const set of [...this.byStore.values()]) for (const l of [...set]) l.close();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byStore.values()) n += set.size;
    return n;
  }
}

const hubs = new WeakMap<ChangeFeed, MessageHub>();

/** The hub of the instance whose change feed is `feed`. */
export function messageHub(feed: ChangeFeed): MessageHub {
  let hub = hubs.get(feed);
  if (!hub) {
    hub = new MessageHub();
    hubs.set(feed, hub);
  }
  return hub;
}

/** The resume point a client sent: `Last-Event-ID` first (what EventSource sends), else `?after=`. */
function resumePoint(request: FastifyRequest, after: number | undefined): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return after;
}

/**
 * Answers a stream request of `ctx`'s side (already authorised). Without a resume point the stream starts after the
 * store's latest `seq`. Resolves when the stream is set up; it lives until the client goes away or the app closes,
 * or, with `poll`, ends once what is new has been sent (the `ready` event carries the `seq` to ask after next time).
 */
export async function serveMessageStream(
  ctx: MessagesContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { after?: number; poll?: '1' },
): Promise<void> {
  let cursor = resumePoint(request, query.after) ?? (await latestSeq(ctx));
  const hub = messageHub(request.server.changeFeed);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);

  let closed = false;
  let running = false;
  let again = false;
  const pump = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          const batch = await messagesAfter(ctx, cursor);
          if (closed) return;
          for (const m of batch) {
            res.write(`id: ${m.seq}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`);
            cursor = m.seq;
          }
          if (batch.length < MESSAGE_PAGE_SIZE) break;
        }
      } while (again && !closed);
    } catch (err) {
      request.log.warn({ err }, 'message stream: catch-up failed');
    } finally {
      running = false;
    }
  };
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    hub.remove(listener);
    if (!res.writableEnded) res.end();
  };
  const listener: StreamListener = { storeId: ctx.storeId, wake: () => void pump(), close };
  request.raw.on('close', close);
  res.on('close', close);
  hub.add(listener);
  await pump();
  if (!closed) res.write(`event: ready\ndata: ${JSON.stringify({ seq: cursor })}\n\n`);
  if (query.poll) close();
}
