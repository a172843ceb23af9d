/**
 * The buyer's email when the store sends its answer (the status "Quote: sent"), in the language they asked in, with each
 * tier's money (IVA included, shown) and the link to "Mis cotizaciones". Runs as a job ('quote-email'): a mail failure
 * throws and the job retries; the quote stays sent.
 */
import type { StoreContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { formatMoney } from '../../../shared/money.js';
import { getStoreById } from '../stores/index.js';
import { loadQuoteForEmail } from './quotes.service.js';

/** Sends the "your quote was answered" email of quote `id`; false when the quote is gone or not answered. */
export async function sendQuoteSent(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  id: string,
): Promise<boolean> {
  const q = await loadQuoteForEmail(ctx, id);
  if (!q?.answer) return false;
  const t = translator(q.lang);
  const money = (c: number) => formatMoney(c, q.lang);
  const store = (await getStoreById(ctx))?.name ?? '';
  const tiers = q.answer.tiers
    .map((tier) =>
      t('emails:quote.tier', {
        quantity: tier.quantity,
        unit: money(tier.unitPriceCents),
        total: money(tier.totalCents),
        iva: money(tier.ivaCents),
      }),
    )
    .join('\n');
  const text = t('emails:quote.sent', {
    name: q.buyerName,
    store,
    quantity: q.quantity,
    product: q.productName,
    tiers,
    incoterm: q.answer.incoterm,
    days: q.answer.leadTimeDays,
    validUntil: q.answer.validUntil,
    message: q.answer.message ? `\n${q.answer.message}\n` : '',
    link: `${q.storefrontOrigin ?? ''}/miperfil/cotizaciones`,
  });
  await ctx.providers.mail.send({
    to: q.buyerEmail,
    subject: t('emails:quote.subject', { store, product: q.productName }),
    text,
  });
  return true;
}
