/**
 * Emails to the buyer about an order, in the language they ordered in (Spanish default and fallback):
 * the confirmation once an order is paid or its OXXO voucher issued (with the link to follow it and, for OXXO, the
 * reference, amount and expiry), the notice when an OXXO payment arrives, the seller's status changes the buyer
 * acts on (on its way with the tracking number, ready for pickup, delivered, cancelled), and a refund of units of one
 * line (which line, how many, how much, and where the money goes back; decision 147). Amounts are integer
 * centavos, formatted as MXN. They run as jobs (src/server/jobs, 'order-email'): a mail failure throws, the job is
 * retried, and the order is never undone by it (decision 022).
 */
import type { StoreContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { formatMoney, orderMoneyLines } from '../../../shared/money.js';
import { optionsLabel } from '../../../shared/option-labels.js';
import type { OrderStatus, OrderView } from '../../../shared/contracts/checkout.js';
import { getStoreById } from '../stores/index.js';

/**
 * Text lines of the order's items and totals, for the email body: the items, then the same money lines as every other
 * screen (src/shared/money.ts orderMoneyLines: products, discount with the coupon's code, shipping, OXXO fee, total).
 */
function receiptText(order: OrderView, t: ReturnType<typeof translator>): string {
  const money = (c: number) => formatMoney(c, order.lang);
  const lines = order.items.map(
    (i) =>
      `  ${i.quantity} × ${i.name}${Object.keys(i.options).length ? ` (${optionsLabel(i.options, (k) => t(`common:optionName.${k}`), ', ')})` : ''}  ${money(i.lineTotalCents)}`,
  );
  lines.push('');
  for (const l of orderMoneyLines(order)) {
    const label =
      l.key === 'discount' && l.code
        ? t('emails:order.discountWithCode', { code: l.code })
        : t(`emails:order.${l.key}`);
    lines.push(`  ${label}: ${money(l.cents)}`);
  }
  return lines.join('\n');
}

/** What sending an order email needs: the store, the database and the mail provider. */
type MailContext = Pick<StoreContext, 'db' | 'storeId' | 'providers' | 'log'>;

/** Sends one order email; throws when the mail provider fails (the job retries). */
async function send(ctx: MailContext, order: OrderView, subject: string, text: string): Promise<void> {
  await ctx.providers.mail.send({ to: order.email, subject, text });
}

/**
 * Sends the order confirmation. `link` is the absolute URL of /pedidos/pedido for this order (with the guest's view
 * token when there is one). Call once the order is paid or its OXXO voucher exists; never for a declined card.
 */
export async function sendOrderConfirmation(ctx: MailContext, order: OrderView, link: string): Promise<void> {
  const t = translator(order.lang);
  const store = (await getStoreById(ctx))?.name ?? '';
  const oxxo = order.payment?.method === 'oxxo' && order.payment.status === 'pending';
  const intro = oxxo
    ? t('emails:order.oxxoIntro', {
        reference: order.payment!.reference,
        amount: formatMoney(order.payment!.amountCents, order.lang),
        expires: new Date(order.payment!.expiresAt!).toLocaleString(order.lang === 'en' ? 'en-US' : 'es-MX', {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: 'America/Mexico_City',
        }),
      })
    : t('emails:order.paidIntro');
  const text = t('emails:order.confirmation', {
    name: order.customerName ?? order.address?.fullName ?? '',
    folio: order.folio,
    store,
    intro,
    receipt: receiptText(order, t),
    link,
  });
  await send(
    ctx,
    order,
    t(oxxo ? 'emails:order.oxxoSubject' : 'emails:order.subject', { folio: order.folio, store }),
    text,
  );
}

/** Tells the buyer their OXXO payment arrived and the order is being prepared. */
export async function sendOxxoPaymentReceived(ctx: MailContext, order: OrderView): Promise<void> {
  const t = translator(order.lang);
  const store = (await getStoreById(ctx))?.name ?? '';
  const text = t('emails:order.oxxoPaid', {
    name: order.customerName ?? order.address?.fullName ?? '',
    folio: order.folio,
    store,
    amount: formatMoney(order.totalCents, order.lang),
  });
  await send(ctx, order, t('emails:order.oxxoPaidSubject', { folio: order.folio, store }), text);
}

/** What happened to the buyer's money when their order was cancelled. */
function refundText(order: OrderView, t: ReturnType<typeof translator>): string {
  const amount = formatMoney(order.payment?.amountCents ?? order.totalCents, order.lang);
  if (order.payment?.status === 'refunded' && order.payment.method === 'paypal')
    return t('emails:order.refund.paypal', { amount });
  if (order.payment?.status === 'refunded')
    return t('emails:order.refund.card', { amount, last4: order.payment.cardLast4 ?? '' });
  // A zero total (a 100 % coupon) charged nothing: there is nothing to give back.
  if (order.payment?.status === 'succeeded' && order.payment.amountCents > 0)
    return t('emails:order.refund.contact', { amount });
  return t('emails:order.refund.none');
}

/** Statuses a seller moves an order to that the buyer is told about by email. */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = ['on_the_way', 'ready_for_pickup', 'delivered', 'cancelled'];

/** Tells the buyer their order moved to `order.status` (one of NOTIFIED_STATUSES; others send nothing). */
export async function sendStatusUpdate(ctx: MailContext, order: OrderView): Promise<void> {
  if (!NOTIFIED_STATUSES.includes(order.status)) return;
  const t = translator(order.lang);
  const store = (await getStoreById(ctx))?.name ?? '';
  const tracking =
    order.status === 'on_the_way' && order.trackingNumber
      ? t('emails:order.trackingNumber', { tracking: order.trackingNumber })
      : '';
  const message = t(`emails:order.status.${order.status}`, {
    folio: order.folio,
    store,
    tracking,
    refund: order.status === 'cancelled' ? refundText(order, t) : '',
  });
  const text = t('emails:order.statusUpdate', { name: order.customerName ?? order.address?.fullName ?? '', message });
  await send(
    ctx,
    order,
    t('emails:order.statusSubject', {
      folio: order.folio,
      store,
      status: t(`emails:order.statusName.${order.status}`),
    }),
    text,
  );
}

/** Tells the buyer their unpaid order was cancelled because the payment did not arrive in time (voucher expired). */
export async function sendReservationExpired(ctx: MailContext, order: OrderView): Promise<void> {
  const t = translator(order.lang);
  const store = (await getStoreById(ctx))?.name ?? '';
  const message = t(`emails:order.expired.${order.paymentMethod}`, {
    folio: order.folio,
    store,
  });
  const text = t('emails:order.statusUpdate', { name: order.customerName ?? order.address?.fullName ?? '', message });
  await send(
    ctx,
    order,
    t('emails:order.statusSubject', { folio: order.folio, store, status: t('emails:order.statusName.cancelled') }),
    text,
  );
}

/** The line a refund gave back, as the buyer bought it: its name and chosen options. */
export interface RefundedLine {
  name: string;
  options: Record<string, string>;
}

/**
 * Tells the buyer that `refund.quantity` units of `line` of their order were refunded, `refund.amountCents` in all
 * (centavos; with `withShipping`, the amount also holds the shipping of a package left with nothing to ship), and
 * where the money goes back (the card's last digits, or the PayPal account). Sent once per line refund, whoever asked
 * for it. Throws what the mail provider throws.
 */
export async function sendLineRefund(
  ctx: MailContext,
  order: OrderView,
  refund: { amountCents: number; quantity: number; withShipping: boolean },
  line: RefundedLine,
): Promise<void> {
  const t = translator(order.lang);
  const store = (await getStoreById(ctx))?.name ?? '';
  const amount = formatMoney(refund.amountCents, order.lang);
  const options = Object.keys(line.options).length
    ? ` (${optionsLabel(line.options, (k) => t(`common:optionName.${k}`), ', ')})`
    : '';
  const where =
    order.payment?.method === 'paypal'
      ? t('emails:order.lineRefund.paypal')
      : t('emails:order.lineRefund.card', { last4: order.payment?.cardLast4 ?? '' });
  const text = t('emails:order.lineRefund.body', {
    name: order.customerName ?? order.address?.fullName ?? '',
    store,
    folio: order.folio,
    amount,
    line: `${refund.quantity} × ${line.name}${options}`,
    shipping: refund.withShipping ? t('emails:order.lineRefund.withShipping') : '',
    where,
  });
  await send(ctx, order, t('emails:order.lineRefund.subject', { folio: order.folio, store, amount }), text);
}
