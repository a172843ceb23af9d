/**
 * Hears the change feed for suppliers' products (decision 134): a change to a product that is offered in the global
 * catalogue queues one `marketplace-sync` job, which refreshes the offer and every listing of it. Every instance
 * hears every change, so several instances may queue the same sync: it is idempotent.
 */
import { and, eq } from 'drizzle-orm';
import type { ChangeEvent } from '../../db/change-feed.js';
import type { BaseContext, DbContext } from '../../lib/context.js';
import { catalogOffers } from '../../db/schema/marketplace.js';
import { enqueue } from '../../jobs/index.js';

/** Queues the sync of a supplier's changed products; does nothing for a store that offers nothing. */
export async function onSupplierProductsChanged(ctx: DbContext, event: ChangeEvent): Promise<boolean> {
  const { db } = ctx;
  // `store`: the store's settings or its supplier switch changed (decision 138): every offer of it is refreshed.
  if ((event.topic !== 'products' && event.topic !== 'store') || !event.storeId) return false;
  const [offered] = await db
    .select({ id: catalogOffers.id })
    .from(catalogOffers)
    .where(and(eq(catalogOffers.storeId, event.storeId)))
    .limit(1);
  if (!offered) return false;
  await enqueue(db, 'marketplace-sync', {
    supplierStoreId: event.storeId,
    productIds: event.topic === 'products' ? (event.ids ?? null) : null,
  });
  return true;
}

/** The module's change listener: fire and forget, a failure is logged (the next change or sweep catches up). */
export function listenForSupplierChanges(ctx: Pick<BaseContext, 'db' | 'log'>, event: ChangeEvent): void {
  onSupplierProductsChanged(ctx, event).catch((err: unknown) => ctx.log.warn({ err }, 'marketplace sync not queued'));
}
