/**
 * The store's message to a buyer whose quote it answered (the status "Quote: sent"): one line in the buyer's
 * conversation about that quote, in the language they asked in, with the number of quantity prices, the validity and
 * the link to "Mis cotizaciones". Posted by the 'quote-message' job the answer enqueues, beside its email.
 */
import type { StoreContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { getStoreById } from '../stores/index.js';
import { loadQuoteForEmail } from '../quotes/index.js';
import { postStoreNotice } from './messages.service.js';

/** Posts the notice of quote `quoteId`; false when the quote is gone, not sent any more, or a side blocked the other. */
export async function postQuoteAnswered(ctx: Pick<StoreContext, 'db' | 'storeId'>, quoteId: string): Promise<boolean> {
  const q = await loadQuoteForEmail(ctx, quoteId);
  if (!q?.answer || q.status !== 'sent') return false;
  const t = translator(q.lang);
  const store = (await getStoreById(ctx))?.name ?? '';
  const body = t('emails:quote.message', {
    store,
    quantity: q.quantity,
    product: q.productName,
    tiers: t('emails:quote.messageTiers', { count: q.answer.tiers.length }),
    validUntil: q.answer.validUntil,
    link: `${q.storefrontOrigin ?? ''}/miperfil/cotizaciones`,
  });
  return postStoreNotice(
    ctx,
    { id: q.customerId, name: q.buyerName, email: q.buyerEmail, storefrontOrigin: q.storefrontOrigin },
    { kind: 'quote', id: q.id },
    body,
  );
}
