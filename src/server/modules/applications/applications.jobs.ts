/**
 * Background jobs of job applications: the owners' email about a new one, and the daily retention sweep that
 * deletes applications (row and CV) sent more than 12 months ago (decision 169).
 */
import { defineJob } from '../../jobs/index.js';
import { expireJobApplications } from './applications.service.js';
import { sendJobApplicationEmail } from './application-emails.js';

export const jobApplicationEmailJob = defineJob(
  'job-application-email',
  async (p, ctx) => {
    await sendJobApplicationEmail({ ...ctx, storeId: p.storeId }, p.applicationId);
  },
  { retryLimit: 5, retryDelay: 30, retryBackoff: true },
);

export const jobApplicationsExpireJob = defineJob(
  'job-applications-expire',
  async (_p, ctx) => {
    const deleted = await expireJobApplications(ctx);
    if (deleted) ctx.log.info({ deleted }, 'job applications past their retention deleted');
    return { deleted };
  },
  { cron: '17 4 * * *', retryLimit: 2, retryDelay: 300 },
);
