/**
 * The email to the buyer once a CFDI of their order is issued (decision 154), in the language they ordered in: its
 * UUID, total and IVA, and the links to its PDF and XML (the order's view token in them for a guest). Runs as the
 * 'invoice-email' job: a mail failure throws and the job retries; the CFDI stays issued.
 */
import { formatMoney } from '../../../shared/money.js';
import type { StoreContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { loadOrder } from '../orders/index.js';
import { getStoreById } from '../stores/index.js';
import { invoiceView, loadInvoice } from './invoices.service.js';

/** Sends the email of issued CFDI `invoiceId`; returns false when there is nothing to send (not issued, no origin). */
export async function sendInvoiceEmail(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers' | 'log'>,
  invoiceId: string,
): Promise<boolean> {
  const row = await loadInvoice(ctx, invoiceId);
  if (row.status !== 'issued') return false;
  const order = await loadOrder(ctx, row.orderId);
  if (!order.storefrontOrigin) return false;
  const lang = order.lang === 'en' ? 'en' : 'es';
  const t = translator(lang);
  const view = invoiceView(row, { buyer: true, viewToken: order.viewToken ?? undefined });
  const store = (await getStoreById(ctx))?.name ?? '';
  const kind = row.kind === 'credit_note' ? 'creditNote' : 'invoice';
  const text = t(`emails:${kind}.body`, {
    folio: order.folio,
    store,
    uuid: row.uuid,
    total: formatMoney(row.totalCents, lang),
    tax: formatMoney(row.taxCents, lang),
    pdf: `${order.storefrontOrigin}${view.pdfUrl}`,
    xml: `${order.storefrontOrigin}${view.xmlUrl}`,
  });
  await ctx.providers.mail.send({
    to: row.email,
    subject: t(`emails:${kind}.subject`, { folio: order.folio, store }),
    text,
    key: `invoice-${row.id}`,
  });
  return true;
}
