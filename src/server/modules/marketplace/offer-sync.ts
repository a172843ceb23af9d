/**
 * Keeps a supplier's catalogue offers in step with its products (decisions 134, 137): what the global catalogue shows
 * and searches is refreshed from the supplier's product when it changes. A supplier that turned "Vender como
 * proveedor" off has its published offers withdrawn here (decision 138).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { catalogOffers } from '../../db/schema/marketplace.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type DbContext } from '../../lib/context.js';
import { loadOfferSources } from '../catalog/index.js';
import { isSupplierEnabled } from '../company/index.js';
import { renameSupplierOffers, snapshotOffer, supplierNameOf, withdrawOffers } from './offer-snapshot.js';

/**
 * Refreshes the offers of `productIds` (null: all) of the supplier's store: their snapshot columns and lowest
 * wholesale price from the product as it is now, and the supplier's name on all its offers. Idempotent; one
 * transaction, so a reader sees the offers before or after, never half.
 */
export async function refreshOffers(
  ctx: DbContext,
  supplierStoreId: string,
  productIds: string[] | null,
): Promise<void> {
  if (productIds && !productIds.length) return;
  await runTransaction(ctx.db, async (tx) => {
    const s = withTx({ ...ctx, storeId: supplierStoreId }, tx);
    const offers = await s.db
      .select({ id: catalogOffers.id, productId: catalogOffers.productId, status: catalogOffers.status })
      .from(catalogOffers)
      .where(
        and(
          eq(catalogOffers.storeId, supplierStoreId),
          productIds ? inArray(catalogOffers.productId, productIds) : undefined,
        ),
      );
    if (!offers.length) return;
    if (!(await isSupplierEnabled(s))) {
      await withdrawOffers(
        s,
        offers.filter((o) => o.status === 'published').map((o) => o.id),
      );
    }
    const supplierName = await supplierNameOf(s);
    const sources = new Map(
      (
        await loadOfferSources(
          s,
          offers.map((o) => o.productId),
        )
      ).map((p) => [p.id, p]),
    );
    for (const offer of offers) {
      const source = sources.get(offer.productId);
      // A deleted product takes its offer with it (cascade): nothing to refresh.
      if (source) await snapshotOffer(s, offer.id, source, supplierName);
    }
    await renameSupplierOffers(s, supplierName);
  });
}
