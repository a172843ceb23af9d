/**
 * Reads what the global catalogue's in-memory index holds (decision 140): the published, available offers of every
 * supplier from `catalog_offers` alone, in pages by id so a catalogue of any size streams in bounded memory.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { catalogOffers } from '../../db/schema/marketplace.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import type { OfferRow } from './offer-index.js';

/** Offers read per query while building. */
export const OFFER_LOAD_PAGE = 5_000;

const columns = {
  id: catalogOffers.id,
  storeId: catalogOffers.storeId,
  code: catalogOffers.code,
  name: catalogOffers.name,
  departmentName: catalogOffers.departmentName,
  categoryName: catalogOffers.categoryName,
  origin: catalogOffers.origin,
  coverUrl: catalogOffers.coverUrl,
  supplierName: catalogOffers.supplierName,
  wholesaleFromCents: catalogOffers.wholesaleFromCents,
  suggestedRetailCents: catalogOffers.suggestedRetailCents,
  stockTotal: catalogOffers.stockTotal,
  moq: catalogOffers.moq,
  leadTimeDaysMin: catalogOffers.leadTimeDaysMin,
  leadTimeDaysMax: catalogOffers.leadTimeDaysMax,
  publishedAt: catalogOffers.publishedAt,
  document: sql<string>`coalesce(${catalogOffers.searchVector}::text, '')`,
};

const shown = and(eq(catalogOffers.status, 'published'), eq(catalogOffers.available, true));

function select(ctx: DbContext, where: SQL | undefined, limit?: number): Promise<OfferRow[]> {
  const q = ctx.db.select(columns).from(catalogOffers).where(and(shown, where)).orderBy(asc(catalogOffers.id));
  return limit ? q.limit(limit) : q;
}

/** Every shown offer, page by page (ascending id). Throws what the database throws. */
export async function loadAllOffers(ctx: DbContext): Promise<OfferRow[]> {
  const out: OfferRow[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await select(ctx, after ? gt(catalogOffers.id, after) : undefined, OFFER_LOAD_PAGE);
    for (const r of page) out.push(r);
    if (page.length < OFFER_LOAD_PAGE) return out;
    after = page[page.length - 1].id;
  }
}

/** The shown offers among `ids` (an id left out is unpublished, unavailable or gone). */
export function loadOffers(ctx: DbContext, ids: string[]): Promise<OfferRow[]> {
  return ids.length ? select(ctx, inArray(catalogOffers.id, ids)) : Promise.resolve([]);
}

/** Every shown offer of the supplier `ctx.storeId` (after a change to more of its offers than the feed names one by one). */
export function loadSupplierOffers(ctx: StoreDbContext): Promise<OfferRow[]> {
  return select(ctx, eq(catalogOffers.storeId, ctx.storeId));
}

/** How many offers are shown now (decides whether a first build is awaited or done in the background). */
export async function countShownOffers(ctx: DbContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogOffers)
    .where(shown);
  return Number(row?.n ?? 0);
}
