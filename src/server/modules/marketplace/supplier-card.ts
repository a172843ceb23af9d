/**
 * The supplier's card in the global catalogue (decision 134): company name, business type, city and state of the
 * pickup location, year of registration, main industry, number of published offers and its badges (decision 165).
 * Nothing else of the supplier.
 */
import { and, eq, sql } from 'drizzle-orm';
import { catalogOffers } from '../../db/schema/marketplace.js';
import type { DbContext } from '../../lib/context.js';
import type { GlobalOfferDetail } from '../../../shared/contracts/marketplace.js';
import { getSupplierCards, storesBadges } from '../company/index.js';
import { getPickupBranch } from '../shipping/index.js';

/** The card of the supplier `supplierStoreId`; `fallbackName` (the offer's snapshot) when it has no company name. */
export async function supplierCard(
  ctx: DbContext,
  supplierStoreId: string,
  fallbackName: string,
): Promise<GlobalOfferDetail['supplier']> {
  const profile = (await getSupplierCards(ctx, [supplierStoreId])).get(supplierStoreId);
  const { branch } = await getPickupBranch({ db: ctx.db, storeId: supplierStoreId });
  const [published] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogOffers)
    .where(
      and(
        eq(catalogOffers.storeId, supplierStoreId),
        eq(catalogOffers.status, 'published'),
        eq(catalogOffers.available, true),
      ),
    );
  return {
    storeId: supplierStoreId,
    name: profile?.name?.trim() || fallbackName,
    businessType: profile?.businessType ?? null,
    city: branch?.city || null,
    state: branch?.state ?? null,
    registrationYear: profile?.registrationYear ?? null,
    mainIndustry: profile?.mainIndustry ?? null,
    publishedOffers: published?.n ?? 0,
    badges: (await storesBadges(ctx, [supplierStoreId])).get(supplierStoreId) ?? [],
  };
}
