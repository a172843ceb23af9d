/**
 * The messages module's background jobs: the email notices of unseen messages (message-notices.ts) and the store's
 * message that a quote was answered (quote-notice.ts).
 */
import { defineJob } from '../../jobs/index.js';
import { sendMessageNotices } from './message-notices.js';
import { postQuoteAnswered } from './quote-notice.js';

/** One message in the buyer's conversation about the quote the store just answered. */
export const quoteMessageJob = defineJob('quote-message', async (p, ctx) => ({
  posted: await postQuoteAnswered({ db: ctx.db, storeId: p.storeId }, p.quoteId),
}));

/** Every minute: notices of messages unseen for 10 minutes (one per conversation and side per hour at most). */
export const messageNoticesJob = defineJob(
  'message-notices',
  async (_p, ctx) => {
    const r = await sendMessageNotices(ctx);
    if (r.sent > 0) ctx.log.info(r, 'message notices sent');
    return r;
  },
  { cron: '* * * * *', retryLimit: 0, expireInSeconds: 600 },
);
