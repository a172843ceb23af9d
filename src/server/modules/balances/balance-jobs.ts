/**
 * The balances module's background jobs (decisions 034, 067). Each may run again after a crash or a failure:
 * what it changes is conditional on state and every ledger entry has a unique key.
 */
import { defineJob } from '../../jobs/index.js';
import { reconcileStuckRefunds } from './refunds.js';
import { sendBankAccountEmail } from './bank-account-emails.js';

/** Mails every owner that the store's bank account was added or changed (decision 091); retried when the mail fails. */
export const bankAccountEmailJob = defineJob(
  'bank-account-email',
  async ({ storeId, ...change }, ctx) => {
    await sendBankAccountEmail({ ...ctx, storeId }, change);
  },
  { retryLimit: 5, retryDelay: 30, retryBackoff: true },
);

/**
 * Every minute: refunds left `processing` (a crash or an unreachable provider between the provider call and the
 * ledger entry) are asked of the provider again with the same idempotency key and finished, once (decision 067).
 */
export const refundReconcileJob = defineJob(
  'refund-reconcile',
  async (_p, ctx) => {
    const r = await reconcileStuckRefunds(ctx);
    if (r.reconciled > 0) ctx.log.info(r, 'refunds reconciled');
    return r;
  },
  { cron: '* * * * *', retryLimit: 0, expireInSeconds: 600 },
);
