/**
 * Buyer-seller conversations (`/messages`, `/admin/mensajes`; bubbles sent, received, viewed). The side
 * asking comes from `ctx.actor`: a customer of the store is the buyer (their own conversations only), an owner or a
 * collaborator with the orders permission answers for the store (the store's conversations only). Every query is
 * scoped by `ctx.storeId`; a conversation outside the asker's reach is CONVERSATION_NOT_FOUND (404), never a 403 that
 * would confirm it exists.
 *
 * Every write that creates or changes a message takes its store's advisory lock of `message_seq` first and publishes topic
 * `messages` on the change feed in the same transaction, so the live streams of every instance hear it at the commit
 * and find it by `seq` (decision 153).
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { StoreContext } from '../../lib/context.js';
import { withTx } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { runTransaction } from '../../db/transaction.js';
import { publishChange } from '../../db/change-feed.js';
import type { Tx } from '../../db/client.js';
import { conversations, messageBlocks, messages } from '../../db/schema/messages.js';
import { assertStoreFiles, readPrivateFile, uploadFile } from '../files/index.js';
import { getStoreById } from '../stores/index.js';
import { findProductId, loadProducts } from '../catalog/index.js';
import { loadOrder } from '../orders/index.js';
import { getMyQuote } from '../quotes/index.js';
import { MESSAGE_PAGE_SIZE, MESSAGES_PER_MINUTE } from '../../../shared/limits.js';
import type {
  ConversationList,
  ConversationSummary,
  ConversationThread,
  DeliveryState,
  Message,
  MessageAttachmentUpload,
  MessageSide,
  SendMessageBody,
  StartConversationBody,
  SubjectCard,
} from '../../../shared/contracts/messages.js';

/** A request of one side: the store's context with its signed-in buyer or seller. */
export type MessagesContext = Pick<StoreContext, 'db' | 'storeId' | 'actor' | 'providers'>;

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** Key of the transaction-level advisory lock every `seq` is taken under (decision 153). */
const SEQ_LOCK = 0x6d736773; // "msgs"

/** The asking side: a customer is the buyer; anyone else the routes let through answers for the store. */
export function sideOf(ctx: Pick<StoreContext, 'actor'>): MessageSide {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED');
  return ctx.actor.role === 'customer' ? 'buyer' : 'store';
}

const otherSide = (side: MessageSide): MessageSide => (side === 'buyer' ? 'store' : 'buyer');

/**
 * Serialises the writers of `seq` within one store: the store's commits then happen in `seq` order, which its streams
 * rely on (a stream reads one store's messages). Stores do not wait for each other; two whose ids hash alike share a
 * lock, which only costs them some waiting.
 */
async function lockSeq(tx: Tx, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEQ_LOCK}, hashtext(${storeId}))`);
}

const nextSeq = sql`nextval('message_seq')`;

function stateOf(m: Pick<MessageRow, 'receivedAt' | 'viewedAt'>): DeliveryState {
  return m.viewedAt ? 'viewed' : m.receivedAt ? 'received' : 'sent';
}

/** A message row as the wire shows it. */
function toMessage(m: MessageRow): Message {
  return {
    id: m.id,
    seq: m.seq,
    conversationId: m.conversationId,
    from: m.sender as MessageSide,
    body: m.body,
    attachment:
      m.fileId && m.attachmentKind
        ? {
            kind: m.attachmentKind as 'image' | 'pdf',
            name: m.attachmentName ?? '',
            bytes: m.attachmentBytes ?? 0,
          }
        : null,
    state: stateOf(m),
    createdAt: m.createdAt.toISOString(),
  };
}

/** Conditions of the conversations `ctx`'s side may see. */
function visibleTo(ctx: MessagesContext) {
  const side = sideOf(ctx);
  return side === 'buyer'
    ? and(eq(conversations.storeId, ctx.storeId), eq(conversations.buyerId, ctx.actor!.userId))
    : eq(conversations.storeId, ctx.storeId);
}

/** The conversation `id` when `ctx`'s side may see it; CONVERSATION_NOT_FOUND otherwise. */
async function conversationFor(ctx: MessagesContext, id: string): Promise<ConversationRow> {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), visibleTo(ctx)))
    .limit(1);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return row;
}

/** Who blocked whom, per buyer of the store: `buyer` when the buyer blocked the store, `store` the other way. */
async function blocksOf(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  buyerIds: string[],
): Promise<Map<string, Set<MessageSide>>> {
  const out = new Map<string, Set<MessageSide>>();
  if (!buyerIds.length) return out;
  const rows = await ctx.db
    .select({ buyerId: messageBlocks.buyerId, by: messageBlocks.by })
    .from(messageBlocks)
    .where(and(eq(messageBlocks.storeId, ctx.storeId), inArray(messageBlocks.buyerId, [...new Set(buyerIds)])));
  for (const r of rows) {
    const set = out.get(r.buyerId) ?? new Set<MessageSide>();
    set.add(r.by as MessageSide);
    out.set(r.buyerId, set);
  }
  return out;
}

/** The subject cards of conversations: a product's from the catalogue (null fields when it is gone). */
async function subjectCards(ctx: MessagesContext, rows: ConversationRow[]): Promise<Map<string, SubjectCard>> {
  const productIds = rows.filter((r) => r.subjectKind === 'product').map((r) => r.subjectId);
  const products = productIds.length ? await loadProducts(ctx, [...new Set(productIds)]) : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  return new Map(
    rows.map((r) => {
      const p = r.subjectKind === 'product' ? byId.get(r.subjectId) : undefined;
      const card: SubjectCard = {
        kind: r.subjectKind as SubjectCard['kind'],
        id: r.subjectId || null,
        title: p?.name ?? null,
        codigo: p?.codigo ?? null,
        image: p?.image ?? null,
        priceCents: p?.priceCents ?? null,
      };
      return [r.id, card];
    }),
  );
}

/** Summaries of `rows` for `ctx`'s side: subject card, last message, unread count, blocks. */
async function summarise(ctx: MessagesContext, rows: ConversationRow[]): Promise<ConversationSummary[]> {
  if (!rows.length) return [];
  const side = sideOf(ctx);
  const ids = rows.map((r) => r.id);
  const [store, cards, blocks, lasts, unread] = await Promise.all([
    getStoreById(ctx),
    subjectCards(ctx, rows),
    blocksOf(
      ctx,
      rows.map((r) => r.buyerId),
    ),
    ctx.db
      .selectDistinctOn([messages.conversationId])
      .from(messages)
      .where(and(eq(messages.storeId, ctx.storeId), inArray(messages.conversationId, ids)))
      .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.seq)),
    ctx.db
      .select({ id: messages.conversationId, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        and(
          eq(messages.storeId, ctx.storeId),
          inArray(messages.conversationId, ids),
          eq(messages.sender, otherSide(side)),
          isNull(messages.viewedAt),
        ),
      )
      .groupBy(messages.conversationId),
  ]);
  const lastBy = new Map(lasts.map((m) => [m.conversationId, m]));
  const unreadBy = new Map(unread.map((u) => [u.id, Number(u.n)]));
  return rows.map((r) => {
    const last = lastBy.get(r.id);
    const blocked = blocks.get(r.buyerId) ?? new Set<MessageSide>();
    return {
      id: r.id,
      subject: cards.get(r.id)!,
      buyerName: r.buyerName,
      storeName: store?.name ?? '',
      lastMessage: last
        ? {
            body: last.body || last.attachmentName || '',
            from: last.sender as MessageSide,
            at: last.createdAt.toISOString(),
            state: stateOf(last),
          }
        : null,
      unread: unreadBy.get(r.id) ?? 0,
      blockedByMe: blocked.has(side),
      blockedByOther: blocked.has(otherSide(side)),
      updatedAt: r.lastMessageAt.toISOString(),
    };
  });
}

/**
 * Marks `received` the other side's messages not yet received (of one conversation, or of every conversation `ctx`'s
 * side sees): they reached this side's inbox or open app. Returns how many changed.
 */
async function markReceived(ctx: MessagesContext, conversationId?: string): Promise<number> {
  const side = sideOf(ctx);
  const pending = and(
    eq(messages.storeId, ctx.storeId),
    eq(messages.sender, otherSide(side)),
    isNull(messages.receivedAt),
    conversationId
      ? eq(messages.conversationId, conversationId)
      : side === 'buyer'
        ? inArray(
            messages.conversationId,
            ctx.db.select({ id: conversations.id }).from(conversations).where(visibleTo(ctx)),
          )
        : undefined,
  );
  // A cheap look first: most reads find nothing to mark and should not queue behind the lock.
  const [any] = await ctx.db.select({ id: messages.id }).from(messages).where(pending).limit(1);
  if (!any) return 0;
  return runTransaction(ctx.db, async (tx) => {
    await lockSeq(tx, ctx.storeId);
    const changed = await tx
      .update(messages)
      .set({ receivedAt: sql`now()`, seq: nextSeq })
      .where(pending)
      .returning({ conversationId: messages.conversationId });
    await announce(
      tx,
      ctx.storeId,
      changed.map((c) => c.conversationId),
    );
    return changed.length;
  });
}

/** Publishes topic `messages` for the conversations `ids` (heard by every instance's streams at the commit). */
async function announce(tx: Tx, storeId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length) await publishChange(tx, { storeId, topic: 'messages', ids: unique.slice(0, 100) });
}

/**
 * The asking side's conversations, the most recent first (at most MESSAGE_PAGE_SIZE), and its total unread count.
 * Loading the inbox marks the other side's new messages `received`.
 */
export async function listConversations(ctx: MessagesContext): Promise<ConversationList> {
  await markReceived(ctx);
  const rows = await ctx.db
    .select()
    .from(conversations)
    .where(visibleTo(ctx))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(MESSAGE_PAGE_SIZE);
  const list = await summarise(ctx, rows);
  return { conversations: list, unread: await unreadMessages(ctx) };
}

/** Messages of the other side the asking side has not viewed, over all its conversations. */
export async function unreadMessages(ctx: MessagesContext): Promise<number> {
  const side = sideOf(ctx);
  const [r] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(visibleTo(ctx), eq(messages.sender, otherSide(side)), isNull(messages.viewedAt)));
  return Number(r?.n ?? 0);
}

/**
 * Marks `viewed` (and received) the other side's messages of conversation `id`: the asking side has it open.
 * Returns the asking side's unread count after. Throws CONVERSATION_NOT_FOUND.
 */
export async function markConversationViewed(ctx: MessagesContext, id: string): Promise<{ unread: number }> {
  const conversation = await conversationFor(ctx, id);
  const side = sideOf(ctx);
  const pending = and(
    eq(messages.storeId, ctx.storeId),
    eq(messages.conversationId, conversation.id),
    eq(messages.sender, otherSide(side)),
    isNull(messages.viewedAt),
  );
  const [any] = await ctx.db.select({ id: messages.id }).from(messages).where(pending).limit(1);
  if (any)
    await runTransaction(ctx.db, async (tx) => {
      await lockSeq(tx, ctx.storeId);
      const changed = await tx
        .update(messages)
        .set({ viewedAt: sql`now()`, receivedAt: sql`coalesce(${messages.receivedAt}, now())`, seq: nextSeq })
        .where(pending)
        .returning({ id: messages.id });
      if (changed.length) await announce(tx, ctx.storeId, [conversation.id]);
    });
  return { unread: await unreadMessages(ctx) };
}

/**
 * Conversation `id` with its latest MESSAGE_PAGE_SIZE messages, oldest first; opening it marks the other side's
 * messages viewed. Throws CONVERSATION_NOT_FOUND.
 */
export async function getConversation(ctx: MessagesContext, id: string): Promise<ConversationThread> {
  await markConversationViewed(ctx, id);
  return threadOf(ctx, id);
}

async function threadOf(ctx: MessagesContext, id: string): Promise<ConversationThread> {
  const conversation = await conversationFor(ctx, id);
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.storeId, ctx.storeId), eq(messages.conversationId, id)))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(MESSAGE_PAGE_SIZE);
  const [summary] = await summarise(ctx, [conversation]);
  return { conversation: summary!, messages: rows.reverse().map(toMessage) };
}

/** Throws MESSAGING_BLOCKED when either side blocked the other. */
async function assertNotBlocked(ctx: MessagesContext, buyerId: string): Promise<void> {
  const blocked = (await blocksOf(ctx, [buyerId])).get(buyerId);
  if (blocked?.size) throw new AppError('MESSAGING_BLOCKED', { by: [...blocked][0] });
}

/** Throws RATE_LIMITED when the sender already sent MESSAGES_PER_MINUTE messages in the last minute. */
async function assertUnderRate(tx: Tx, storeId: string, userId: string): Promise<void> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.storeId, storeId),
        eq(messages.senderUserId, userId),
        gt(messages.createdAt, sql`now() - interval '1 minute'`),
      ),
    );
  if (Number(r?.n ?? 0) >= MESSAGES_PER_MINUTE)
    throw new AppError('RATE_LIMITED', { limit: MESSAGES_PER_MINUTE, windowSeconds: 60 });
}

/** Writes one message of `ctx`'s side into `conversation` (inside the caller's transaction). */
async function insertMessage(
  ctx: MessagesContext & { db: Tx },
  conversation: ConversationRow,
  input: SendMessageBody,
): Promise<Message> {
  const side = sideOf(ctx);
  const tx = ctx.db;
  await lockSeq(tx, ctx.storeId);
  // Under the lock, so two messages sent at once cannot both pass the last free place of the minute.
  await assertUnderRate(tx, ctx.storeId, ctx.actor!.userId);
  await assertNotBlocked(ctx, conversation.buyerId);
  const file = input.attachmentId
    ? (await assertStoreFiles(ctx, [input.attachmentId], ['message_attachment'])).get(input.attachmentId)!
    : null;
  // An upload is attached once: an id seen in one conversation cannot carry the file into another (checked under
  // the store's seq lock, so two sends of one id cannot both pass).
  if (file) {
    const [used] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.storeId, ctx.storeId), eq(messages.fileId, file.id)))
      .limit(1);
    if (used) throw new AppError('FILE_REFERENCE_INVALID', { id: file.id });
  }
  const [row] = await tx
    .insert(messages)
    .values({
      storeId: ctx.storeId,
      conversationId: conversation.id,
      sender: side,
      senderUserId: ctx.actor!.userId,
      body: input.body,
      fileId: file?.id ?? null,
      attachmentKind: file?.kind ?? null,
      attachmentName: file?.originalName ?? null,
      attachmentBytes: file?.bytes ?? null,
    })
    .returning();
  await tx
    .update(conversations)
    .set({ lastMessageAt: row!.createdAt })
    .where(and(eq(conversations.storeId, ctx.storeId), eq(conversations.id, conversation.id)));
  await announce(tx, ctx.storeId, [conversation.id]);
  return toMessage(row!);
}

/**
 * A message the store's system writes to a buyer (no person sends it: `senderUserId` null), in the buyer's
 * conversation about `subject`, started if there is none; it counts as the store's for states, unread counts, streams
 * and notices. Not written, and false returned, when either side blocked the other. Runs in its own transaction.
 */
export async function postStoreNotice(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  buyer: { id: string; name: string; email: string; storefrontOrigin: string | null },
  subject: { kind: 'quote' | 'order'; id: string },
  body: string,
): Promise<boolean> {
  if ((await blocksOf(ctx, [buyer.id])).get(buyer.id)?.size) return false;
  return runTransaction(ctx.db, async (tx) => {
    await tx
      .insert(conversations)
      .values({
        storeId: ctx.storeId,
        buyerId: buyer.id,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        storefrontOrigin: buyer.storefrontOrigin ?? '',
        subjectKind: subject.kind,
        subjectId: subject.id,
      })
      .onConflictDoNothing();
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.storeId, ctx.storeId),
          eq(conversations.buyerId, buyer.id),
          eq(conversations.subjectKind, subject.kind),
          eq(conversations.subjectId, subject.id),
        ),
      );
    await lockSeq(tx, ctx.storeId);
    const [row] = await tx
      .insert(messages)
      .values({ storeId: ctx.storeId, conversationId: conversation!.id, sender: 'store', senderUserId: null, body })
      .returning({ createdAt: messages.createdAt });
    await tx
      .update(conversations)
      .set({ lastMessageAt: row!.createdAt })
      .where(and(eq(conversations.storeId, ctx.storeId), eq(conversations.id, conversation!.id)));
    await announce(tx, ctx.storeId, [conversation!.id]);
    return true;
  });
}

/**
 * Sends a message of the asking side into conversation `id`. Throws CONVERSATION_NOT_FOUND, MESSAGING_BLOCKED (403),
 * RATE_LIMITED (429, MESSAGES_PER_MINUTE per sender), FILE_REFERENCE_INVALID (422) for an attachment that is not an
 * upload of this store for messages. Nothing is written when it throws.
 */
export async function sendMessage(ctx: MessagesContext, id: string, input: SendMessageBody): Promise<Message> {
  const conversation = await conversationFor(ctx, id);
  return runTransaction(ctx.db, (tx) => insertMessage(withTx(ctx, tx), conversation, input));
}

/**
 * The buyer's first message about a subject: a listed product of the store (by code; PRODUCT_NOT_FOUND otherwise), one
 * of the buyer's orders or quotes (by id; ORDER_NOT_FOUND / QUOTE_NOT_FOUND for anyone else's), or the store in
 * general. An existing conversation about the same subject is reused.
 * `origin` is the storefront's origin (the email notice links back to it). Throws like sendMessage.
 */
export async function startConversation(
  ctx: MessagesContext & Pick<StoreContext, 'actor'>,
  input: StartConversationBody,
  origin: string,
): Promise<ConversationThread> {
  if (sideOf(ctx) !== 'buyer') throw new AppError('FORBIDDEN');
  const actor = ctx.actor!;
  let subjectId = '';
  if (input.subject.kind === 'product') {
    const productId = await findProductId(ctx as StoreContext, input.subject.codigo);
    if (!productId) throw new AppError('PRODUCT_NOT_FOUND');
    subjectId = productId;
  } else if (input.subject.kind === 'order') {
    // Only the buyer's own order (a guest order has no buyer to own it): another's is not found, never confirmed.
    const order = await loadOrder(ctx, input.subject.id);
    if (order.customerId !== actor.userId) throw new AppError('ORDER_NOT_FOUND');
    subjectId = order.id;
  } else if (input.subject.kind === 'quote') {
    subjectId = (await getMyQuote({ ...ctx, actor, locale: 'es' }, input.subject.id)).id;
  }
  const id = await runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    await tx
      .insert(conversations)
      .values({
        storeId: ctx.storeId,
        buyerId: actor.userId,
        buyerName: actor.fullName,
        buyerEmail: actor.email,
        storefrontOrigin: origin,
        subjectKind: input.subject.kind,
        subjectId,
      })
      .onConflictDoNothing();
    const [conversation] = await tx
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.storeId, ctx.storeId),
          eq(conversations.buyerId, actor.userId),
          eq(conversations.subjectKind, input.subject.kind),
          eq(conversations.subjectId, subjectId),
        ),
      );
    await insertMessage(c, conversation!, { body: input.body, attachmentId: input.attachmentId });
    return conversation!.id;
  });
  return threadOf(ctx, id);
}

/**
 * Blocks (or unblocks) the other side of conversation `id`: a buyer blocks the store, the store blocks the buyer,
 * for every conversation between them. While either block stands nothing can be sent either way.
 */
export async function setBlocked(ctx: MessagesContext, id: string, blocked: boolean): Promise<ConversationSummary> {
  const conversation = await conversationFor(ctx, id);
  const by = sideOf(ctx);
  const key = and(
    eq(messageBlocks.storeId, ctx.storeId),
    eq(messageBlocks.buyerId, conversation.buyerId),
    eq(messageBlocks.by, by),
  );
  await runTransaction(ctx.db, async (tx) => {
    if (blocked)
      await tx
        .insert(messageBlocks)
        .values({ storeId: ctx.storeId, buyerId: conversation.buyerId, by })
        .onConflictDoNothing();
    else await tx.delete(messageBlocks).where(key);
    await announce(tx, ctx.storeId, [conversation.id]);
  });
  const [summary] = await summarise(ctx, [conversation]);
  return summary!;
}

/**
 * Stores an image or a PDF to attach to a message, through the files module's checks (MAX_FILE_BYTES, formats,
 * pixels); private, read only through downloadAttachment. Throws what uploadFile throws (FILE_TOO_LARGE 413...).
 */
export async function uploadAttachment(
  ctx: MessagesContext,
  data: Buffer,
  fileName: string,
): Promise<MessageAttachmentUpload> {
  sideOf(ctx);
  const f = await uploadFile(ctx, { purpose: 'message_attachment', data, originalName: fileName });
  return { id: f.id, kind: f.kind, name: f.originalName };
}

/** The attachment of message `messageId` of conversation `id`, for a party of it. Throws CONVERSATION_NOT_FOUND. */
export async function downloadAttachment(
  ctx: MessagesContext,
  id: string,
  messageId: string,
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const conversation = await conversationFor(ctx, id);
  const [m] = await ctx.db
    .select({ fileId: messages.fileId })
    .from(messages)
    .where(
      and(eq(messages.storeId, ctx.storeId), eq(messages.conversationId, conversation.id), eq(messages.id, messageId)),
    );
  if (!m?.fileId) throw new AppError('FILE_NOT_FOUND');
  return readPrivateFile(ctx, m.fileId);
}

/**
 * The stream's catch-up (decision 153): messages of the asking side's conversations whose `seq` is above `after`, in
 * `seq` order (at most MESSAGE_PAGE_SIZE; call again from the last one). The other side's messages found not yet
 * received are marked received first (this side's app is open), so they come back with their new state.
 */
export async function messagesAfter(ctx: MessagesContext, after: number): Promise<Message[]> {
  await markReceived(ctx);
  const side = sideOf(ctx);
  const rows = await ctx.db
    .select({ m: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.storeId, ctx.storeId),
        gt(messages.seq, after),
        side === 'buyer' ? eq(conversations.buyerId, ctx.actor!.userId) : undefined,
      ),
    )
    .orderBy(messages.seq)
    .limit(MESSAGE_PAGE_SIZE);
  return rows.map((r) => toMessage(r.m));
}

/** The highest `seq` of the store's messages now (a new stream without Last-Event-ID starts after it). */
export async function latestSeq(ctx: Pick<StoreContext, 'db' | 'storeId'>): Promise<number> {
  const [r] = await ctx.db
    .select({ seq: sql<number | null>`max(${messages.seq})` })
    .from(messages)
    .where(eq(messages.storeId, ctx.storeId));
  return Number(r?.seq ?? 0);
}
