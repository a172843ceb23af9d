/** The messages module's background job: the email notices of unseen messages (message-notices.ts). */
import { defineJob } from '../../jobs/index.js';
import { sendMessageNotices } from './message-notices.js';

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
