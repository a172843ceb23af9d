/**
 * Buyer-seller messages in the browser, for both sides: `buyer` (the storefront's /messages) and `store` (the admin's
 * /admin/mensajes). Queries of the conversation list, one thread and the unread count; the send, read, block and
 * upload calls; and the live stream (decision 153): one Server-Sent Events response per open app, read with fetch
 * (EventSource cannot send the bearer token), resumed with Last-Event-ID after a drop, whose events update the cached
 * thread at once and refresh the list and the unread count shortly after.
 */
import { useEffect } from 'react';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, routeUrl, storeDomain } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import i18n from '../../lib/i18n';
import * as r from '../../../shared/routes/messages';
import type {
  ConversationList,
  ConversationThread,
  Message,
  SendMessageBody,
  StartConversationBody,
} from '../../../shared/contracts/messages';

export type Side = 'buyer' | 'store';

export const messageKeys = {
  all: (side: Side) => ['messages', side] as const,
  list: (side: Side) => ['messages', side, 'list'] as const,
  unread: (side: Side) => ['messages', side, 'unread'] as const,
  thread: (side: Side, id: string) => ['messages', side, 'thread', id] as const,
};

/**
 * The side's conversations (loading them marks new messages received) and its unread total. These reads wait for the
 * client throttle rather than fail: live updates may ask for the same path more often than it allows.
 */
export const conversationsQuery = (side: Side, enabled = true) =>
  queryOptions({
    queryKey: messageKeys.list(side),
    queryFn: (): Promise<ConversationList> =>
      side === 'buyer'
        ? call(r.listMyConversations, { waitForThrottle: true })
        : call(r.listStoreConversations, { waitForThrottle: true }),
    enabled,
  });

/** The side's unread count (the storefront header, the admin menu). */
export const unreadQuery = (side: Side, enabled = true) =>
  queryOptions({
    queryKey: messageKeys.unread(side),
    queryFn: async () =>
      side === 'buyer'
        ? call(r.myUnreadMessages, { waitForThrottle: true })
        : call(r.storeUnreadMessages, { waitForThrottle: true }),
    enabled,
    staleTime: 30_000,
  });

/** One conversation with its latest messages; opening it marks the other side's messages viewed. */
export const threadQuery = (side: Side, id: string | null) =>
  queryOptions({
    queryKey: messageKeys.thread(side, id ?? ''),
    queryFn: (): Promise<ConversationThread> =>
      side === 'buyer'
        ? call(r.getMyConversation, { params: { id: id! }, redirectOn404: false, waitForThrottle: true })
        : call(r.getStoreConversation, { params: { id: id! }, redirectOn404: false, waitForThrottle: true }),
    enabled: Boolean(id),
  });

/** Puts `m` into the cached thread (replacing an older version of it: a state change comes with a higher seq). */
function upsertMessage(qc: QueryClient, side: Side, m: Message): void {
  qc.setQueryData<ConversationThread>(messageKeys.thread(side, m.conversationId), (thread) => {
    if (!thread) return thread;
    const at = thread.messages.findIndex((x) => x.id === m.id);
    if (at >= 0 && thread.messages[at]!.seq >= m.seq) return thread;
    const messages = at >= 0 ? thread.messages.map((x, i) => (i === at ? m : x)) : [...thread.messages, m];
    return { ...thread, messages };
  });
}

/** Sends a message (waits its turn in the client throttle); the thread shows it at once. */
export function useSendMessage(side: Side, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) =>
      side === 'buyer'
        ? call(r.sendMyMessage, { params: { id }, body, waitForThrottle: true })
        : call(r.sendStoreMessage, { params: { id }, body, waitForThrottle: true }),
    onSuccess: (m) => {
      upsertMessage(qc, side, m);
      void qc.invalidateQueries({ queryKey: messageKeys.list(side) });
    },
  });
}

/** The buyer's first message about a subject (reuses the subject's conversation when there is one). */
export function useStartConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationBody) => call(r.startConversation, { body, waitForThrottle: true }),
    onSuccess: (thread) => {
      qc.setQueryData(messageKeys.thread('buyer', thread.conversation.id), thread);
      void qc.invalidateQueries({ queryKey: messageKeys.list('buyer') });
    },
  });
}

/** Blocks or unblocks the other side of a conversation. */
export function useBlock(side: Side, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      side === 'buyer'
        ? call(r.blockStore, { params: { id }, body: { blocked }, waitForThrottle: true })
        : call(r.blockBuyer, { params: { id }, body: { blocked }, waitForThrottle: true }),
    onSuccess: (conversation) => {
      qc.setQueryData<ConversationThread>(messageKeys.thread(side, id), (t) => (t ? { ...t, conversation } : t));
      void qc.invalidateQueries({ queryKey: messageKeys.list(side) });
    },
  });
}

/** Uploads an image or a PDF to attach (the files module's checks; over 5 MB is refused). */
export function uploadAttachment(side: Side, file: File) {
  const body = new FormData();
  body.append('file', file);
  return side === 'buyer'
    ? call(r.uploadMyAttachment, { body, waitForThrottle: true })
    : call(r.uploadStoreAttachment, { body, waitForThrottle: true });
}

/** Downloads a message's attachment with the session's token and opens it (a private file has no public URL). */
export async function openAttachment(side: Side, conversationId: string, m: Message): Promise<void> {
  const route = side === 'buyer' ? r.downloadMyAttachment : r.downloadStoreAttachment;
  const res = await fetch(routeUrl(route, { id: conversationId, messageId: m.id }), {
    headers: authHeaders(side),
  });
  if (!res.ok) throw new Error(i18n.t('errors:FILE_NOT_FOUND'));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = m.attachment?.name ?? 'archivo';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function authHeaders(side: Side): Record<string, string> {
  const token = getToken(side === 'buyer' ? 'storefront' : 'admin');
  return {
    'X-Store-Domain': storeDomain(),
    'Accept-Language': i18n.language || 'es',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** The conversation on screen (its new messages are marked viewed as they arrive while the page is visible). */
let openConversation: { side: Side; id: string } | null = null;
export function setOpenConversation(value: { side: Side; id: string } | null): void {
  openConversation = value;
}

/** Marks conversation `id` viewed for `side` and refreshes the unread count. */
export async function markViewed(qc: QueryClient, side: Side, id: string): Promise<void> {
  const answer =
    side === 'buyer'
      ? await call(r.readMyConversation, { params: { id }, waitForThrottle: true, redirectOn404: false })
      : await call(r.readStoreConversation, { params: { id }, waitForThrottle: true, redirectOn404: false });
  qc.setQueryData(messageKeys.unread(side), answer);
}

/** Parses Server-Sent Events blocks out of `buffer`; returns what is left (an incomplete block). */
function takeEvents(buffer: string, onEvent: (e: { id?: string; event: string; data: string }) => void): string {
  let at: number;
  while ((at = buffer.indexOf('\n\n')) >= 0) {
    const block = buffer.slice(0, at);
    buffer = buffer.slice(at + 2);
    const e = { event: 'message', data: '' } as { id?: string; event: string; data: string };
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') e.id = value;
      else if (field === 'event') e.event = value;
      else if (field === 'data') e.data += value;
    }
    if (e.data) onEvent(e);
  }
  return buffer;
}

/**
 * Keeps the side's live stream open while `enabled` (the app's layout calls it once): new messages and state changes
 * go into the cached thread; the list and the unread count refresh a moment later (one request for a burst). Drops
 * are retried after two seconds, resuming after the last event seen; a 401 or 403 stops it.
 */
export function useLiveMessages(side: Side, enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof window === 'undefined' || typeof ReadableStream === 'undefined') return;
    let stopped = false;
    let lastId: string | undefined;
    let controller: AbortController | null = null;
    let refresh: ReturnType<typeof setTimeout> | null = null;
    let viewing: ReturnType<typeof setTimeout> | null = null;
    const scheduleRefresh = () => {
      if (refresh) return;
      refresh = setTimeout(() => {
        refresh = null;
        void qc.invalidateQueries({ queryKey: messageKeys.list(side) });
        void qc.invalidateQueries({ queryKey: messageKeys.unread(side) });
      }, 1000);
    };
    const scheduleViewed = (id: string) => {
      if (viewing) return;
      viewing = setTimeout(() => {
        viewing = null;
        if (openConversation?.side === side && openConversation.id === id && document.visibilityState === 'visible')
          void markViewed(qc, side, id).catch(() => undefined);
      }, 300);
    };
    const onEvent = (e: { id?: string; event: string; data: string }) => {
      if (e.id) lastId = e.id;
      if (e.event === 'ready') {
        // Caught up. A reconnect resumes from here; what changed before the stream was open (the page loaded, or the
        // stream was down) is read again: the list, the count and the open threads.
        lastId ??= String((JSON.parse(e.data) as { seq: number }).seq);
        void qc.invalidateQueries({ queryKey: messageKeys.all(side) });
        return;
      }
      if (e.event !== 'message') return;
      const m = JSON.parse(e.data) as Message;
      upsertMessage(qc, side, m);
      scheduleRefresh();
      const mine = (side === 'buyer') === (m.from === 'buyer');
      if (!mine && m.state !== 'viewed' && openConversation?.side === side && openConversation.id === m.conversationId)
        scheduleViewed(m.conversationId);
    };
    const run = async () => {
      while (!stopped) {
        controller = new AbortController();
        try {
          const res = await fetch(routeUrl(side === 'buyer' ? r.streamMyMessages : r.streamStoreMessages), {
            headers: {
              Accept: 'text/event-stream',
              ...authHeaders(side),
              ...(lastId ? { 'Last-Event-ID': lastId } : {}),
            },
            signal: controller.signal,
            cache: 'no-store',
          });
          if (res.status === 401 || res.status === 403) return;
          if (res.ok && res.body) {
            const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = '';
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              buffer = takeEvents(buffer + value.replace(/\r\n?/g, '\n'), onEvent);
            }
          }
        } catch {
          // A dropped connection or an abort: retried below unless stopped.
        }
        if (!stopped) await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    };
    void run();
    return () => {
      stopped = true;
      controller?.abort();
      if (refresh) clearTimeout(refresh);
      if (viewing) clearTimeout(viewing);
    };
  }, [enabled, side, qc]);
}
