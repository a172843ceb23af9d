/**
 * The subscriptions module's background job (decision 034, 061): the renewal sweep, every 10 minutes, once per slot
 * across instances; each period is charged once even if the sweep runs twice at the same time.
 */
import { defineJob } from '../../jobs/index.js';
import { runRenewals } from './renewals.js';
import { sendSubscriptionEmail } from './subscription-emails.js';

/** Mails the store's owners about their subscription (subscription-emails.ts); retried when the mail fails. */
export const subscriptionEmailJob = defineJob(
  'subscription-email',
  async (p, ctx) => {
    await sendSubscriptionEmail({ ...ctx, storeId: p.storeId }, p.kind, p.invoiceId);
  },
  { retryLimit: 5, retryDelay: 30, retryBackoff: true },
);

export const subscriptionRenewalsJob = defineJob(
  'subscription-renewals',
  async (_p, ctx) => {
    const r = await runRenewals(ctx);
    if (r.created + r.suspended + r.paid + r.failed > 0) ctx.log.info(r, 'subscription renewals');
    return r;
  },
  { cron: '*/10 * * * *', retryLimit: 2, retryDelay: 60, expireInSeconds: 900 },
);
