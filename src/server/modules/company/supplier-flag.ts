/**
 * The store's "Vender como proveedor" flag (decision 134) set outside the company form: the demo seed's supplier store
 * is one from its first start. The flag only allows publishing to the global catalogue; it publishes nothing itself.
 */
import { companyProfiles } from '../../db/schema/company.js';
import type { StoreDbContext } from '../../lib/context.js';

/** Turns the store's supplier flag on (creates the profile row when there is none). Idempotent. */
export async function enableSupplier(ctx: StoreDbContext): Promise<void> {
  const now = new Date();
  await ctx.db
    .insert(companyProfiles)
    .values({ storeId: ctx.storeId, supplierEnabled: true, updatedAt: now })
    .onConflictDoUpdate({ target: companyProfiles.storeId, set: { supplierEnabled: true, updatedAt: now } });
}
