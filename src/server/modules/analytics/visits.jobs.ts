/**
 * Background job of visits (decision 162): hourly, the salts of days that are over in every time zone are deleted,
 * so the visitor keys of those days can no longer be tied to any IP.
 */
import { defineJob } from '../../jobs/index.js';
import { sweepVisitSalts } from './visits.service.js';

export const visitSaltsSweepJob = defineJob(
  'visit-salts-sweep',
  async (_p, ctx) => {
    const deleted = await sweepVisitSalts({ db: ctx.db });
    if (deleted) ctx.log.info({ deleted }, 'visit salts deleted');
  },
  { cron: '7 * * * *', retryLimit: 1 },
);
