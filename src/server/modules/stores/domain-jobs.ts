/**
 * The background check of custom domains waiting for their DNS records (decision 145): every minute, the domains
 * whose next check is due, a few at a time across every instance (rows claimed with SKIP LOCKED, then checked outside
 * the claim), each looked up and written by recordDnsCheck (verified, checked again later, or failed after 72 hours).
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { defineJob } from '../../jobs/queue.js';
import { storeDomains } from '../../db/schema/stores.js';
import { recordDnsCheck } from './custom-domains.js';
import { domainTargets } from './domain-dns.js';

/** Domains one run checks (each lookup takes up to a few seconds when a DNS server does not answer). */
const BATCH = 20;

export const domainsRecheckJob = defineJob(
  'domains-recheck',
  async (_p, ctx) => {
    // Claimed by pushing their next check five minutes out, so an overlapping run (another instance) skips them and a
    // crash mid-run only delays them.
    const due = ctx.db
      .select({ id: storeDomains.id })
      .from(storeDomains)
      .where(and(eq(storeDomains.status, 'pending_validation'), lte(storeDomains.nextCheckAt, sql`now()`)))
      .orderBy(asc(storeDomains.nextCheckAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await ctx.db
      .update(storeDomains)
      .set({ nextCheckAt: sql`now() + interval '5 minutes'` })
      .where(inArray(storeDomains.id, due))
      .returning();
    if (!rows.length) return { checked: 0 };
    const targets = domainTargets(ctx.config);
    let verified = 0;
    for (const row of rows) if ((await recordDnsCheck(ctx, row, targets)).status === 'verified') verified++;
    return { checked: rows.length, verified };
  },
  { cron: '* * * * *', retryLimit: 0 },
);
