/** The package emails' job (package-emails.ts): retried on a mail failure, harmless when run twice. */
import { defineJob } from '../../jobs/index.js';
import { sendPackageEmail } from './package-emails.js';

export const packageEmailJob = defineJob(
  'package-email',
  async (p, ctx) => ({ sent: await sendPackageEmail(ctx, p) }),
  { retryLimit: 5, retryDelay: 30, retryBackoff: true },
);
