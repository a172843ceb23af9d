/**
 * The email every owner of a store gets when its bank account for payouts is added or changed (decision 091): who
 * did it and when, the bank and the CLABE's last four digits (never the whole CLABE), and until when payouts are held.
 * An owner who did not expect it learns within minutes, while the 24-hour hold still keeps the money from leaving.
 * In the store's language (Spanish default), dates in the store's time zone. Sent by the 'bank-account-email' job,
 * enqueued in the transaction that saved the account, so a rolled-back change sends nothing and a mail failure is
 * retried by the job.
 */
import type { BaseContext, StoreDbContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { publicOrigin } from '../../lib/public-url.js';
import type { JobPayloads } from '../../jobs/queue.js';
import { listStoreOwners } from '../accounts/index.js';
import { getStoreById, storeTimeZone } from '../stores/index.js';
import { BANKS, formatStoreDateTime } from './balances.service.js';

/**
 * Mails every owner of the store about the bank-account change `change`. Sends nothing when the store has no owner
 * (a store being deleted). Throws what the mail provider throws (the job retries).
 */
export async function sendBankAccountEmail(
  ctx: StoreDbContext & Pick<BaseContext, 'providers' | 'config'>,
  change: Omit<JobPayloads['bank-account-email'], 'storeId'>,
): Promise<void> {
  const store = await getStoreById(ctx);
  const owners = await listStoreOwners(ctx);
  if (!store || owners.length === 0) return;
  const lang = store.lang === 'en' ? 'en' : 'es';
  const t = translator(lang);
  const when = (iso: string) => formatStoreDateTime(new Date(iso), lang, storeTimeZone(store.settings));
  const who = owners.find((o) => o.userId === change.changedBy)?.fullName ?? t('emails:bankAccount.someone');
  const values = {
    store: store.name,
    who,
    date: when(change.changedAt),
    bank: BANKS.find((b) => b.code === change.bankCode)?.name ?? change.bankCode,
    last4: change.clabeLast4,
    holder: change.holderName,
    link: `${publicOrigin(ctx.config, ctx.config.PLATFORM_DOMAIN)}/admin/my-account-bank`,
  };
  const kind = change.first ? 'added' : 'changed';
  const hold = change.heldUntil
    ? t('emails:bankAccount.hold', { until: when(change.heldUntil) })
    : change.first
      ? t('emails:bankAccount.noHoldFirst')
      : '';
  for (const owner of owners)
    await ctx.providers.mail.send({
      to: owner.email,
      subject: t(`emails:bankAccount.${kind}Subject`, values),
      // Without a hold sentence its paragraph goes, not just its words.
      text: t(`emails:bankAccount.${kind}`, { ...values, name: owner.fullName, hold }).replace(/\n{3,}/g, '\n\n'),
    });
}
