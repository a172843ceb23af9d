/**
 * Emails to a store's owners about its subscription (decision 083): a renewal the bank
 * declined (with the date the store will be suspended), the store suspended, and the store active again once a period
 * is paid. In the store's language (Spanish default), amounts in integer centavos formatted as MXN, with the link to
 * /admin/suscripcion on the platform domain. Sent by the 'subscription-email' job, enqueued in the transaction that
 * changed the subscription, so a rolled-back change sends nothing and a mail failure is retried by the job.
 */
import { and, eq } from 'drizzle-orm';
import type { BaseContext, StoreDbContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { publicOrigin } from '../../lib/public-url.js';
import { storeSubscriptions, subscriptionInvoices } from '../../db/schema/subscriptions.js';
import { formatMoney } from '../../../shared/money.js';
import { getStoreById } from '../stores/index.js';
import { listStoreOwners } from '../accounts/index.js';
import { GRACE_DAYS, addDays } from './plans.js';

/** What a subscription email is about. */
export type SubscriptionEmailKind = 'payment_failed' | 'suspended' | 'reactivated';

/**
 * Sends one subscription email to every owner of the store. `invoiceId` names the charge (declined or paid) for
 * 'payment_failed' and 'reactivated'. Sends nothing when the store has no owner (a store being deleted). Throws what
 * the mail provider throws (the job retries).
 */
export async function sendSubscriptionEmail(
  ctx: StoreDbContext & Pick<BaseContext, 'providers' | 'config'>,
  kind: SubscriptionEmailKind,
  invoiceId?: string,
): Promise<void> {
  const store = await getStoreById(ctx);
  const owners = await listStoreOwners(ctx);
  if (!store || owners.length === 0) return;
  const lang = store.lang === 'en' ? 'en' : 'es';
  const t = translator(lang);
  const [sub] = await ctx.db.select().from(storeSubscriptions).where(eq(storeSubscriptions.storeId, ctx.storeId));
  if (!sub) return;
  const [invoice] = invoiceId
    ? await ctx.db
        .select()
        .from(subscriptionInvoices)
        .where(and(eq(subscriptionInvoices.id, invoiceId), eq(subscriptionInvoices.storeId, ctx.storeId)))
    : [];
  const date = (d: Date | null) =>
    d
      ? d.toLocaleDateString(lang === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' })
      : '';
  const values = {
    store: store.name,
    plan: t(`emails:subscription.plan.${invoice?.planId ?? sub.planId}`),
    amount: formatMoney(invoice?.amountCents ?? 0, lang),
    card: sub.cardLast4 ? `${sub.cardBrand ?? ''} •••• ${sub.cardLast4}`.trim() : t('emails:subscription.noCard'),
    graceEnds: date(addDays(sub.currentPeriodEnd, GRACE_DAYS)),
    nextPayment: date(sub.nextPaymentAt),
    link: `${publicOrigin(ctx.config, ctx.config.PLATFORM_DOMAIN)}/admin/suscripcion`,
  };
  const key = { payment_failed: 'paymentFailed', suspended: 'suspended', reactivated: 'reactivated' }[kind];
  for (const owner of owners)
    await ctx.providers.mail.send({
      to: owner.email,
      subject: t(`emails:subscription.${key}Subject`, values),
      text: t(`emails:subscription.${key}`, { ...values, name: owner.fullName }),
    });
}
