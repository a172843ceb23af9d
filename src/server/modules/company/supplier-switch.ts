/**
 * "Vender como proveedor" (decision 134): the store's switch to publish its products to the global catalogue, and
 * what the global catalogue shows of a supplier (its card). A change of the switch is announced on the change feed
 * (topic `store`) so the marketplace refreshes the store's offers: off withdraws them (decision 138).
 */
import { eq, inArray } from 'drizzle-orm';
import { companyProfiles } from '../../db/schema/company.js';
import { publishChange } from '../../db/change-feed.js';
import { runTransaction } from '../../db/transaction.js';
import { withTx, type DbContext, type StoreDbContext } from '../../lib/context.js';
import type { CompanyProfile } from '../../../shared/contracts/company.js';
import { findRow, toProfile } from './company.service.js';

/** Whether the store has turned on "Vender como proveedor". */
export async function isSupplierEnabled(ctx: StoreDbContext): Promise<boolean> {
  const row = await findRow(ctx);
  return row?.supplierEnabled ?? false;
}

/**
 * Turns "Vender como proveedor" on or off and answers the whole profile (creates the profile row when there is none).
 * Idempotent; the change reaches the marketplace through the change feed at commit.
 */
export async function setSupplierEnabled(ctx: StoreDbContext, enabled: boolean): Promise<CompanyProfile> {
  return runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const now = new Date();
    const [row] = await c.db
      .insert(companyProfiles)
      .values({ storeId: c.storeId, supplierEnabled: enabled, updatedAt: now })
      .onConflictDoUpdate({ target: companyProfiles.storeId, set: { supplierEnabled: enabled, updatedAt: now } })
      .returning();
    await publishChange(c.db, { storeId: c.storeId, topic: 'store' });
    return toProfile(row);
  });
}

/** What the global catalogue's supplier card shows of a store's company profile (decision 134), nothing more. */
export interface SupplierCardProfile {
  storeId: string;
  name: string | null;
  businessType: string | null;
  registrationYear: number | null;
  mainIndustry: string | null;
  supplierEnabled: boolean;
}

/**
 * The card fields of the company profiles of `storeIds` (stores without a profile are absent). One of the
 * marketplace's deliberate reads across stores: only these fields.
 */
export async function getSupplierCards(ctx: DbContext, storeIds: string[]): Promise<Map<string, SupplierCardProfile>> {
  if (!storeIds.length) return new Map();
  const rows = await ctx.db
    .select({
      storeId: companyProfiles.storeId,
      name: companyProfiles.name,
      businessType: companyProfiles.businessType,
      registrationYear: companyProfiles.registrationYear,
      mainIndustry: companyProfiles.mainIndustry,
      supplierEnabled: companyProfiles.supplierEnabled,
    })
    .from(companyProfiles)
    .where(
      storeIds.length === 1 ? eq(companyProfiles.storeId, storeIds[0]) : inArray(companyProfiles.storeId, storeIds),
    );
  return new Map(rows.map((r) => [r.storeId, r]));
}
