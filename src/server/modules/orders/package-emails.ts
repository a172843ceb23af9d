/**
 * Emails about marketplace packages (decision 135), to the owners of the store concerned, in that store's language:
 * a supplier learns of a new purchase order once the reseller's order is paid; a reseller learns that a supplier
 * rejected its package, why, and what was refunded to the shopper. Sent by the 'package-email' job, enqueued in the
 * transaction of the change (a rolled-back change sends nothing; a mail failure is retried by the job).
 */
import { and, eq } from 'drizzle-orm';
import { fulfilments, orders } from '../../db/schema/orders.js';
import type { BaseContext, DbContext } from '../../lib/context.js';
import { translator } from '../../lib/i18n.js';
import { publicOrigin } from '../../lib/public-url.js';
import { formatMoney } from '../../../shared/money.js';
import { listStoreOwners } from '../accounts/index.js';
import { getStoreById } from '../stores/index.js';

/** What a package email is about. */
export type PackageEmailKind = 'purchase_order' | 'rejected';

/**
 * Sends one package email to every owner of the store it concerns: the supplier for 'purchase_order', the order's
 * store for 'rejected'. Sends nothing for a package that no longer exists. Throws what the mail provider throws.
 */
export async function sendPackageEmail(
  ctx: DbContext & Pick<BaseContext, 'providers' | 'config'>,
  input: { storeId: string; fulfilmentId: string; kind: PackageEmailKind },
): Promise<number> {
  const [row] = await ctx.db
    .select({ p: fulfilments, folio: orders.folio })
    .from(fulfilments)
    .innerJoin(orders, and(eq(orders.id, fulfilments.orderId), eq(orders.storeId, fulfilments.storeId)))
    .where(and(eq(fulfilments.id, input.fulfilmentId), eq(fulfilments.storeId, input.storeId)))
    .limit(1);
  if (!row?.p.supplierStoreId) return 0;
  const to = input.kind === 'purchase_order' ? row.p.supplierStoreId : row.p.storeId;
  const [store, reseller, owners] = await Promise.all([
    getStoreById({ db: ctx.db, storeId: to }),
    getStoreById({ db: ctx.db, storeId: row.p.storeId }),
    listStoreOwners({ db: ctx.db, storeId: to }),
  ]);
  if (!store || !owners.length) return 0;
  const lang = store.lang === 'en' ? 'en' : 'es';
  const t = translator(lang);
  const values = {
    number: `${row.folio}-${row.p.number}`,
    reseller: reseller?.name ?? '',
    reason: row.p.rejectReason ?? '',
    refunded: formatMoney(row.p.itemsCents - row.p.discountCents + row.p.shippingCents, lang),
    owed: formatMoney(row.p.wholesaleCents + row.p.shippingCents, lang),
    link: `${publicOrigin(ctx.config, ctx.config.PLATFORM_DOMAIN)}/admin/ventas`,
  };
  const key = input.kind === 'purchase_order' ? 'purchaseOrder' : 'rejected';
  for (const owner of owners)
    await ctx.providers.mail.send({
      to: owner.email,
      subject: t(`emails:package.${key}Subject`, values),
      text: t(`emails:package.${key}`, { ...values, name: owner.fullName }),
    });
  return owners.length;
}
