/** Jobs of the database itself (decision 034), below every module. */
import { sql } from 'drizzle-orm';
import { defineJob } from './queue.js';

/** Hourly on PGlite: planner statistics refreshed (the embedded database has no autovacuum daemon). */
export const pgliteAnalyzeJob = defineJob(
  'pglite-analyze',
  async (_p, ctx) => {
    await ctx.db.execute(sql`analyze`);
  },
  { cron: '17 * * * *', retryLimit: 0, only: 'pglite' },
);
