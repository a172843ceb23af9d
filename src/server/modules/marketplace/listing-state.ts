/**
 * A listing's state (decision 134, 139): `unpublished` when the supplier withdrew the offer (or archived its product);
 * else `review` when some
 * variant's wholesale price moved away from the one the reseller accepted and its retail price is now under its floor
 * (decision 136) at the new wholesale price; else `active`. Only `active` sells: the listing's product is visible
 * exactly while its listing is active (the storefront, its search and the checkout's availability follow `visible`),
 * and the checkout reads `listings.state` itself. Computed set-based for any number of listings.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listingVariants, listings } from '../../db/schema/marketplace.js';
import { rowsOf } from '../../db/rows.js';
import type { DbContext } from '../../lib/context.js';
import { listingFloorCents } from '../../../shared/money.js';
import type { ListingState } from '../../../shared/contracts/listings.js';
import { readArchivedProductIds, readVariantPrices, setCopiesVisible } from '../catalog/index.js';
import { storesFeeBps } from '../subscriptions/index.js';

/** Which listings: those of some offers (the sync), or some listings by id (a reseller's edit). */
export type ListingScope = { offerIds: string[] } | { listingIds: string[] };

/** The state of one listing from its offer's status and its variants' prices (`wholesale` null: no longer offered). */
export function listingState(
  offerStatus: string,
  variants: { wholesaleCents: number | null; acceptedWholesaleCents: number; retailCents: number }[],
  feeBps: number,
): ListingState {
  if (offerStatus !== 'published') return 'unpublished';
  const review = variants.some(
    (v) =>
      v.wholesaleCents !== null &&
      v.wholesaleCents !== v.acceptedWholesaleCents &&
      v.retailCents < listingFloorCents(v.wholesaleCents, feeBps),
  );
  return review ? 'review' : 'active';
}

/**
 * Recomputes the state of the listings in `scope` and writes those that changed (one statement), then shows or
 * hides their products accordingly. Returns how many listings changed state.
 */
export async function recomputeStates(ctx: DbContext, scope: ListingScope): Promise<number> {
  const where =
    'offerIds' in scope ? inArray(listings.offerId, scope.offerIds) : inArray(listings.id, scope.listingIds);
  if (('offerIds' in scope ? scope.offerIds : scope.listingIds).length === 0) return 0;
  const rows = await ctx.db
    .select({
      id: listings.id,
      storeId: listings.storeId,
      productId: listings.productId,
      state: listings.state,
      status: catalogOffers.status,
      sourceProductId: catalogOffers.productId,
      variantId: listingVariants.variantId,
      accepted: listingVariants.acceptedWholesaleCents,
      wholesale: catalogOfferVariants.wholesaleCents,
    })
    .from(listings)
    .innerJoin(catalogOffers, eq(catalogOffers.id, listings.offerId))
    .leftJoin(
      listingVariants,
      and(eq(listingVariants.listingId, listings.id), eq(listingVariants.storeId, listings.storeId)),
    )
    .leftJoin(
      catalogOfferVariants,
      and(
        eq(catalogOfferVariants.variantId, listingVariants.sourceVariantId),
        eq(catalogOfferVariants.offerId, listings.offerId),
      ),
    )
    .where(where);
  const prices = await readVariantPrices(
    ctx,
    rows.flatMap((r) => (r.variantId ? [r.variantId] : [])),
  );
  const fees = await storesFeeBps(ctx, [...new Set(rows.map((r) => r.storeId))]);
  const gone = await readArchivedProductIds(
    ctx,
    rows.map((r) => r.sourceProductId),
  );
  const byListing = new Map<string, typeof rows>();
  for (const r of rows) {
    if (byListing.has(r.id)) byListing.get(r.id)!.push(r);
    else byListing.set(r.id, [r]);
  }
  const changed: { id: string; state: ListingState }[] = [];
  const shown: { productId: string; storeId: string; visible: boolean }[] = [];
  for (const [id, vs] of byListing) {
    const first = vs[0];
    const state = listingState(
      gone.has(first.sourceProductId) ? 'unpublished' : first.status,
      vs
        .filter((v) => v.variantId && prices.has(v.variantId))
        .map((v) => ({
          wholesaleCents: v.wholesale,
          acceptedWholesaleCents: v.accepted!,
          retailCents: prices.get(v.variantId!)!,
        })),
      fees.get(first.storeId)!,
    );
    if (state !== first.state) changed.push({ id, state });
    shown.push({ productId: first.productId, storeId: first.storeId, visible: state === 'active' });
  }
  // Every listing's product is shown exactly while it sells, also when its state was written elsewhere (a supplier
  // withdrawing its offers sets them unpublished in its own transaction); rows already right are left alone.
  await setCopiesVisible(ctx, shown);
  if (!changed.length) return 0;
  const written = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      update listings l set state = r.state, updated_at = now()
      from unnest(${sql.param(changed.map((c) => c.id))}::uuid[], ${sql.param(changed.map((c) => c.state))}::text[])
        as r(id, state)
      where l.id = r.id and l.state <> r.state
      returning l.id`),
  );
  return written.length;
}
