/**
 * The email to a store's owners about a new job application (decision 168): who applied and for what, the link to
 * the admin's "Solicitudes de empleo" and the day it will be deleted; never the CV itself nor the letter (the email
 * leaves the platform; the application stays behind its sign-in). In the store's language. Sent by the
 * 'job-application-email' job, enqueued with the row, so a mail failure is retried.
 */
import type { BaseContext, StoreDbContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { publicOrigin } from '../../lib/public-url.js';
import { getStoreById } from '../stores/index.js';
import { listStoreOwners } from '../accounts/index.js';
import { findJobApplication } from './applications.service.js';

/** Mails every owner of the store about application `id`; nothing when it was deleted meanwhile. Throws the mailer's errors. */
export async function sendJobApplicationEmail(
  ctx: StoreDbContext & Pick<BaseContext, 'providers' | 'config'>,
  id: string,
): Promise<void> {
  const application = await findJobApplication(ctx, id);
  const store = await getStoreById(ctx);
  if (!application || !store) return;
  const owners = await listStoreOwners(ctx);
  const lang = store.lang === 'en' ? 'en' : 'es';
  const t = translator(lang);
  const values = {
    store: store.name,
    applicant: application.fullName,
    position: application.position,
    link: `${publicOrigin(ctx.config, ctx.config.PLATFORM_DOMAIN)}/admin/mis-datos/solicitudes`,
    deleteAfter: new Date(application.deleteAfter).toLocaleDateString(lang === 'en' ? 'en-US' : 'es-MX', {
      dateStyle: 'long',
      timeZone: 'America/Mexico_City',
    }),
  };
  for (const owner of owners)
    await ctx.providers.mail.send({
      to: owner.email,
      subject: t('emails:jobApplication.subject', values),
      text: t('emails:jobApplication.body', { ...values, name: owner.fullName }),
    });
}
