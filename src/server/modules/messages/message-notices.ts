/**
 * Email notices of unseen messages (`/messages`, `/admin/mensajes`): a side that has not viewed a message
 * MESSAGE_NOTICE_AFTER_MINUTES after it was sent gets one email, and at most one per conversation every
 * MESSAGE_NOTICE_GAP_MINUTES; only messages newer than the last notice count, so an ignored conversation is not mailed
 * every hour forever. The buyer is mailed at the address they wrote from; the store's owners at theirs. A scheduled
 * job runs it every minute on one instance at a time (pg-boss cron); each notice is claimed with a conditional update
 * before it is sent, so two runs never mail the same one twice.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { BaseContext, DbContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { publicOrigin } from '../../lib/public-url.js';
import { conversations, messageBlocks, messages } from '../../db/schema/messages.js';
import { getStoreById } from '../stores/index.js';
import { listStoreOwners } from '../accounts/index.js';
import { MESSAGE_NOTICE_AFTER_MINUTES, MESSAGE_NOTICE_GAP_MINUTES } from '../../../shared/limits.js';
import type { MessageSide } from '../../../shared/contracts/messages.js';

interface Due {
  id: string;
  storeId: string;
  /** The side to notify. */
  to: MessageSide;
  buyerName: string;
  buyerEmail: string;
  origin: string;
  noticedAt: Date | null;
  unseen: number;
}

/** Conversations with a side to notify now, at most `limit`. */
async function dueNotices(ctx: DbContext, limit: number): Promise<Due[]> {
  const found: Due[] = [];
  for (const to of ['buyer', 'store'] as const) {
    const noticed = to === 'buyer' ? conversations.buyerNoticedAt : conversations.storeNoticedAt;
    const rows = await ctx.db
      .select({
        id: conversations.id,
        storeId: conversations.storeId,
        buyerName: conversations.buyerName,
        buyerEmail: conversations.buyerEmail,
        origin: conversations.storefrontOrigin,
        noticedAt: noticed,
        unseen: sql<number>`count(*)::int`,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.sender, to === 'buyer' ? 'store' : 'buyer'),
          isNull(messages.viewedAt),
          lt(messages.createdAt, sql`now() - make_interval(mins => ${MESSAGE_NOTICE_AFTER_MINUTES})`),
          or(isNull(noticed), sql`${messages.createdAt} > ${noticed}`),
          or(isNull(noticed), lt(noticed, sql`now() - make_interval(mins => ${MESSAGE_NOTICE_GAP_MINUTES})`)),
          // Nobody is told of messages in a blocked conversation.
          sql`not exists (select 1 from ${messageBlocks} b where b.store_id = ${conversations.storeId}
                and b.buyer_id = ${conversations.buyerId})`,
        ),
      )
      .groupBy(conversations.id)
      .limit(limit);
    for (const r of rows) found.push({ ...r, to, unseen: Number(r.unseen) });
  }
  return found;
}

/**
 * Sends the notices due now (see the file's comment); returns how many were sent. Throws what the mail provider
 * throws, after giving the notice back (the next run sends it).
 */
export async function sendMessageNotices(
  ctx: DbContext & Pick<BaseContext, 'providers' | 'config'>,
  limit = 200,
): Promise<{ sent: number }> {
  let sent = 0;
  for (const due of await dueNotices(ctx, limit)) {
    const column = due.to === 'buyer' ? conversations.buyerNoticedAt : conversations.storeNoticedAt;
    const key = due.to === 'buyer' ? 'buyerNoticedAt' : 'storeNoticedAt';
    const claimed = await ctx.db
      .update(conversations)
      .set({ [key]: sql`now()` })
      .where(
        and(
          eq(conversations.storeId, due.storeId),
          eq(conversations.id, due.id),
          due.noticedAt ? eq(column, due.noticedAt) : isNull(column),
        ),
      )
      .returning({ id: conversations.id });
    if (!claimed.length) continue;
    try {
      await mailNotice({ ...ctx, storeId: due.storeId }, due);
      sent++;
    } catch (err) {
      await ctx.db
        .update(conversations)
        .set({ [key]: due.noticedAt })
        .where(and(eq(conversations.storeId, due.storeId), eq(conversations.id, due.id)));
      throw err;
    }
  }
  return { sent };
}

async function mailNotice(
  ctx: DbContext & Pick<BaseContext, 'providers' | 'config'> & { storeId: string },
  due: Due,
): Promise<void> {
  const store = await getStoreById(ctx);
  if (!store) return;
  const t = translator(store.lang === 'en' ? 'en' : 'es');
  const values = { store: store.name, buyer: due.buyerName, count: due.unseen };
  if (due.to === 'buyer') {
    await ctx.providers.mail.send({
      to: due.buyerEmail,
      subject: t('emails:messages.buyerSubject', values),
      text: t('emails:messages.buyer', { ...values, name: due.buyerName, link: `${due.origin}/messages` }),
    });
    return;
  }
  const link = `${publicOrigin(ctx.config, ctx.config.PLATFORM_DOMAIN)}/admin/mensajes`;
  for (const owner of await listStoreOwners(ctx))
    await ctx.providers.mail.send({
      to: owner.email,
      subject: t('emails:messages.storeSubject', values),
      text: t('emails:messages.store', { ...values, name: owner.fullName, link }),
    });
}
