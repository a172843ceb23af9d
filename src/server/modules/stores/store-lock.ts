/**
 * A lock on one store's row, held until the caller's transaction ends: other modules serialise per-store limits with
 * it (search's synonym groups: count, then insert) without reading the stores table themselves.
 */
import { eq } from 'drizzle-orm';
import type { StoreTxContext } from '../../lib/context.js';
import { stores } from '../../db/schema/stores.js';

/** SELECT … FOR UPDATE of `ctx.storeId`'s row inside the transaction `ctx.db`. */
export async function lockStoreRow(ctx: StoreTxContext): Promise<void> {
  const { db: tx, storeId } = ctx;
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
}
