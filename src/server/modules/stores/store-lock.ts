/**
 * A lock on one store's row, held until the caller's transaction ends: other modules serialise per-store limits with
 * it (search's synonym groups: count, then insert) without reading the stores table themselves.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { stores } from '../../db/schema/stores.js';

/** SELECT … FOR UPDATE of the store's row inside `tx`. */
export async function lockStoreRow(tx: Tx, storeId: string): Promise<void> {
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
}
