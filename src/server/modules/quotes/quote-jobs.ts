/**
 * The quotes module's jobs: the buyer's email when a quote is sent, and the expiry of sent quotes past their validity
 * date (decision 151). Both may run again after a failure: the email re-reads the quote, the expiry is conditional.
 */
import { defineJob } from '../../jobs/index.js';
import { sendQuoteSent } from './quote-emails.js';
import { expireQuotes } from './quotes.service.js';

export const quoteEmailJob = defineJob('quote-email', async (p, ctx) => ({
  sent: await sendQuoteSent({ db: ctx.db, storeId: p.storeId, providers: ctx.providers }, p.quoteId),
}));

/** Every 15 minutes, one run across instances: a quote valid until yesterday (store's day) is expired by then. */
export const quotesExpireJob = defineJob(
  'quotes-expire',
  async (_p, ctx) => {
    const expired = await expireQuotes(ctx);
    if (expired) ctx.log.info({ expired }, 'quotes expired');
    return { expired };
  },
  { cron: '*/15 * * * *', retryLimit: 0, expireInSeconds: 600 },
);
