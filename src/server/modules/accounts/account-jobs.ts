/** The accounts module's background jobs (decision 034). */
import { defineJob } from '../../jobs/index.js';
import { requestPasswordReset } from './password-reset.js';
import { sendSignUpNotice, sendVerificationEmail } from './email-verification.js';
import { sendInvitationEmail } from './invitations.js';

/** The reset link of a recover request, mailed if the store has a customer with that email (else nothing). */
export const passwordResetEmailJob = defineJob('password-reset-email', async (p, ctx) => {
  await requestPasswordReset({ ...ctx, storeId: p.storeId, actor: null, locale: p.locale }, p.email, p.origin);
});

/** A new seller's verification link (decision 100); nothing once the email is verified. */
export const sellerVerificationEmailJob = defineJob('seller-verification-email', async (p, ctx) => {
  await sendVerificationEmail(ctx, p.userId, p.locale);
});

/** The notice to an existing account's owner that someone tried to sign up with their email (decision 100). */
export const sellerSignUpNoticeJob = defineJob('seller-signup-notice', async (p, ctx) => {
  await sendSignUpNotice(ctx, p.userId, p.locale);
});

/** A collaborator invitation's link, mailed once the invitation is committed (nothing once accepted or revoked). */
export const invitationEmailJob = defineJob('invitation-email', async (p, ctx) => {
  await sendInvitationEmail({ ...ctx, storeId: p.storeId }, p.invitationId, p.locale);
});
