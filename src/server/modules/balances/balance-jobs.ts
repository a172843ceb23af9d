/**
 * The balances module's background jobs (issue 8; decisions 034, 067). Each may run again after a crash or a failure:
 * what it changes is conditional on state and every ledger entry has a unique key.
 */
import { defineJob } from '../../jobs/index.js';
import { reconcileStuckRefunds } from './refunds.js';

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
