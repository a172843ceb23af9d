/** The accounts module's background jobs (issue 8 "Background jobs"; decision 034). */
import { defineJob } from '../../jobs/index.js';
import { requestPasswordReset } from './password-reset.js';

/** The reset link of a recover request, mailed if the store has a customer with that email (else nothing). */
export const passwordResetEmailJob = defineJob('password-reset-email', async (p, ctx) => {
  await requestPasswordReset({ ...ctx, storeId: p.storeId, actor: null, locale: p.locale }, p.email, p.origin);
});
