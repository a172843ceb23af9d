/**
 * The global catalogue as a reseller searches it (decisions 134, 137): the other suppliers' published offers, read
 * from the snapshot columns of `catalog_offers` alone. Full text on the Spanish search document (every word, each by
 * prefix), else pg_trgm word similarity on the unaccented name when the words match nothing; filters, sorts, 24 per
 * page and facet counts. Only decision 134's fields leave this file.
 */
import { and, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { catalogOffers, listings } from '../../db/schema/marketplace.js';
import type { StoreContext } from '../../lib/context.js';
import {
  GLOBAL_CATALOG_PAGE_SIZE,
  globalCatalogQuery,
  type GlobalCatalogFacet,
  type GlobalCatalogPage,
  type GlobalCatalogQuery,
  type GlobalCatalogSort,
} from '../../../shared/contracts/marketplace.js';
import { words } from '../search/index.js';
import { OFFER_SEARCH_CONFIG } from './offer-snapshot.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;
type Match = { kind: 'all' } | { kind: 'fts'; tsquery: string } | { kind: 'trgm'; text: string };
type Filter = 'department' | 'category' | 'supplier' | 'origin';
type Query = ReturnType<typeof globalCatalogQuery.parse>;

/** `camiseta:* & roja:*`: every word of `q`, folded (no accents, lower case), each also by prefix; null without words. */
export function offerTsQuery(q: string | undefined): string | null {
  const ws = words(q ?? '').slice(0, 8);
  return ws.length ? ws.map((w) => `${w}:*`).join(' & ') : null;
}

const tsQuery = (text: string) => sql`to_tsquery(${OFFER_SEARCH_CONFIG}, ${text})`;

function matchCondition(m: Match): SQL | undefined {
  if (m.kind === 'fts') return sql`${catalogOffers.searchVector} @@ ${tsQuery(m.tsquery)}`;
  // `<%`: word similarity at or above the session's threshold (db/client.ts), served by the trigram index.
  if (m.kind === 'trgm') return sql`${m.text} <% ${catalogOffers.searchName}`;
  return undefined;
}

/** Shown to `ctx.storeId`: published, available, another store's. */
const visibleTo = (ctx: Ctx) =>
  and(eq(catalogOffers.status, 'published'), eq(catalogOffers.available, true), ne(catalogOffers.storeId, ctx.storeId));

function filters(q: Query, except?: Filter): SQL[] {
  const out: (SQL | undefined)[] = [
    except !== 'department' && q.department ? eq(catalogOffers.departmentName, q.department) : undefined,
    except !== 'category' && q.category ? eq(catalogOffers.categoryName, q.category) : undefined,
    except !== 'supplier' && q.supplier ? eq(catalogOffers.storeId, q.supplier) : undefined,
    except !== 'origin' && q.origin ? eq(catalogOffers.origin, q.origin) : undefined,
    q.priceMin !== undefined ? gte(catalogOffers.wholesaleFromCents, q.priceMin) : undefined,
    q.priceMax !== undefined ? lte(catalogOffers.wholesaleFromCents, q.priceMax) : undefined,
  ];
  return out.filter((c): c is SQL => c !== undefined);
}

/** Relevance: text rank (name above keywords and taxonomy above descriptions), then the newest; see decision 137. */
function orderBy(sort: GlobalCatalogSort, m: Match): SQL[] {
  const tie = [desc(catalogOffers.publishedAt), asc(catalogOffers.id)];
  switch (sort) {
    case 'price_asc':
      return [asc(catalogOffers.wholesaleFromCents), ...tie];
    case 'price_desc':
      return [desc(catalogOffers.wholesaleFromCents), ...tie];
    case 'newest':
      return tie;
    case 'relevance':
    default:
      if (m.kind === 'fts') return [sql`ts_rank_cd(${catalogOffers.searchVector}, ${tsQuery(m.tsquery)}) desc`, ...tie];
      if (m.kind === 'trgm') return [sql`word_similarity(${m.text}, ${catalogOffers.searchName}) desc`, ...tie];
      return tie;
  }
}

async function count(ctx: Ctx, where: SQL | undefined): Promise<number> {
  const [r] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogOffers)
    .where(where);
  return r?.n ?? 0;
}

async function facet(
  ctx: Ctx,
  where: SQL | undefined,
  value: SQL | AnyPgColumn,
  label: SQL | AnyPgColumn,
): Promise<GlobalCatalogFacet[]> {
  const rows = await ctx.db
    .select({
      value: sql<string | null>`${value}`,
      label: sql<string | null>`${label}`,
      count: sql<number>`count(*)::int`,
    })
    .from(catalogOffers)
    .where(where)
    .groupBy(value, label)
    .orderBy(sql`count(*) desc`, label)
    .limit(50);
  return rows
    .filter((r) => r.value !== null && r.value !== '')
    .map((r) => ({ value: r.value!, label: r.label ?? r.value!, count: r.count }));
}

/**
 * One page of the global catalogue for the asking store `ctx.storeId` (never its own offers): `total` under every
 * filter, and the facets (each counted under the other filters, so a chosen value's siblings stay visible).
 * `approximate`: the words matched nothing exactly and these are the closest names.
 */
export async function searchGlobalCatalog(ctx: Ctx, input: GlobalCatalogQuery): Promise<GlobalCatalogPage> {
  const q = globalCatalogQuery.parse(input);
  const tsquery = offerTsQuery(q.q);
  let match: Match = tsquery ? { kind: 'fts', tsquery } : { kind: 'all' };
  const where = (m: Match, except?: Filter) => and(visibleTo(ctx), matchCondition(m), ...filters(q, except));

  let total = await count(ctx, where(match));
  let approximate = false;
  if (tsquery && total === 0) {
    const typo: Match = { kind: 'trgm', text: words(q.q ?? '').join(' ') };
    const fuzzy = await count(ctx, where(typo));
    if (fuzzy > 0) {
      match = typo;
      total = fuzzy;
      approximate = true;
    }
  }

  const rows = total
    ? await ctx.db
        .select({
          offerId: catalogOffers.id,
          code: catalogOffers.code,
          name: catalogOffers.name,
          coverUrl: catalogOffers.coverUrl,
          wholesaleFromCents: catalogOffers.wholesaleFromCents,
          suggestedRetailCents: catalogOffers.suggestedRetailCents,
          stock: catalogOffers.stockTotal,
          moq: catalogOffers.moq,
          leadTimeDaysMin: catalogOffers.leadTimeDaysMin,
          leadTimeDaysMax: catalogOffers.leadTimeDaysMax,
          origin: catalogOffers.origin,
          supplierStoreId: catalogOffers.storeId,
          supplierName: catalogOffers.supplierName,
          // Table-qualified by hand: in a one-table select drizzle writes bare column names, which the subquery
          // would take as the listing's own.
          listed: sql<boolean>`exists (select 1 from ${listings} l where l.store_id = ${ctx.storeId} and l.offer_id = "catalog_offers"."id")`,
        })
        .from(catalogOffers)
        .where(where(match))
        .orderBy(...orderBy(q.sort, match))
        .limit(GLOBAL_CATALOG_PAGE_SIZE)
        .offset((q.page - 1) * GLOBAL_CATALOG_PAGE_SIZE)
    : [];

  const [departments, categories, suppliers, origins] = [
    await facet(ctx, where(match, 'department'), catalogOffers.departmentName, catalogOffers.departmentName),
    await facet(ctx, where(match, 'category'), catalogOffers.categoryName, catalogOffers.categoryName),
    await facet(ctx, where(match, 'supplier'), sql`${catalogOffers.storeId}::text`, catalogOffers.supplierName),
    await facet(ctx, where(match, 'origin'), catalogOffers.origin, catalogOffers.origin),
  ];

  return {
    items: rows.map(({ supplierStoreId, supplierName, ...r }) => ({
      ...r,
      listed: Boolean(r.listed),
      supplier: { storeId: supplierStoreId, name: supplierName },
    })),
    total,
    page: q.page,
    pageSize: GLOBAL_CATALOG_PAGE_SIZE,
    approximate,
    facets: { departments, categories, suppliers, origins },
  };
}
