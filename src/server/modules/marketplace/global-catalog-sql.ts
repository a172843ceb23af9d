/**
 * The global catalogue's PostgreSQL engine (decisions 134, 137): the other suppliers' published offers, read
 * from the snapshot columns of `catalog_offers` alone. It answers while the in-memory index (decision 140) is not
 * built yet or the change feed is down, and wherever SEARCH_ENGINE is `postgres`. Full text on the Spanish search document (every word, each by
 * prefix), else pg_trgm word similarity on the unaccented name when the words match nothing; filters, sorts, 24 per
 * page and facet counts. Only decision 134's fields leave this file.
 */
import { and, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { catalogOffers } from '../../db/schema/marketplace.js';
import type { StoreContext } from '../../lib/context.js';
import {
  GLOBAL_CATALOG_PAGE_SIZE,
  type GlobalCatalogFacet,
  type globalCatalogQuery,
  type GlobalCatalogSort,
} from '../../../shared/contracts/marketplace.js';
import { words } from '../search/index.js';
import { OFFER_SEARCH_CONFIG } from './offer-snapshot.js';
import type { OfferSearchPage } from './offer-index-query.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;
type Match = { kind: 'all' } | { kind: 'fts'; tsquery: string } | { kind: 'trgm'; text: string };
type Filter = 'department' | 'category' | 'supplier' | 'origin';
export type Query = ReturnType<typeof globalCatalogQuery.parse>;

/** `camiseta:* & roja:*`: every word of `q`, folded and each also by prefix; null when `q` has no word. */
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

function priceFilters(q: Query): SQL[] {
  const out: (SQL | undefined)[] = [
    q.priceMin !== undefined ? gte(catalogOffers.wholesaleFromCents, q.priceMin) : undefined,
    q.priceMax !== undefined ? lte(catalogOffers.wholesaleFromCents, q.priceMax) : undefined,
  ];
  return out.filter((c): c is SQL => c !== undefined);
}

function filters(q: Query): SQL[] {
  const out: (SQL | undefined)[] = [
    q.department ? eq(catalogOffers.departmentName, q.department) : undefined,
    q.category ? eq(catalogOffers.categoryName, q.category) : undefined,
    q.supplier ? eq(catalogOffers.storeId, q.supplier) : undefined,
    q.origin ? eq(catalogOffers.origin, q.origin) : undefined,
  ];
  return [...out.filter((c): c is SQL => c !== undefined), ...priceFilters(q)];
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

const FACET_COLUMNS = {
  department: catalogOffers.departmentName,
  category: catalogOffers.categoryName,
  supplier: catalogOffers.storeId,
  origin: catalogOffers.origin,
} as const;
const FACET_KEYS = Object.keys(FACET_COLUMNS) as Filter[];
const FACET_SETS = FACET_KEYS.map((k) => FACET_COLUMNS[k]);

interface Counts {
  total: number;
  facets: Record<Filter, GlobalCatalogFacet[]>;
}

/**
 * The total under every filter and each facet's counts under every filter but its own, in one pass over the matches
 * (grouping sets; the facet filters become FILTER clauses): the text match is costly (above all the trigram one),
 * so it is evaluated once, not once per facet.
 */
async function countMatches(ctx: Ctx, q: Query, m: Match): Promise<Counts> {
  const chosen = (key: Filter): SQL | null => {
    const v = q[key];
    return v ? sql`${FACET_COLUMNS[key]} = ${v}` : null;
  };
  const except = (key: Filter | null) => {
    const conds = FACET_KEYS.filter((k) => k !== key)
      .map(chosen)
      .filter((c): c is SQL => c !== null);
    return conds.length
      ? sql<number>`count(*) filter (where ${sql.join(conds, sql` and `)})::int`
      : sql<number>`count(*)::int`;
  };
  const rows = await ctx.db
    .select({
      department: catalogOffers.departmentName,
      category: catalogOffers.categoryName,
      supplier: sql<string | null>`${catalogOffers.storeId}::text`,
      supplierName: sql<string | null>`max(${catalogOffers.supplierName})`,
      origin: catalogOffers.origin,
      // One bit per facet column (department first), 1 where the row does not group by it: 0b0111 groups by
      // department, 0b1111 is the total.
      set: sql<number>`grouping(${sql.join(FACET_SETS, sql`, `)})`,
      nDepartment: except('department'),
      nCategory: except('category'),
      nSupplier: except('supplier'),
      nOrigin: except('origin'),
      nTotal: except(null),
    })
    .from(catalogOffers)
    .where(and(visibleTo(ctx), matchCondition(m), ...priceFilters(q)))
    .groupBy(
      sql`grouping sets (${sql.join(
        FACET_SETS.map((c) => sql`(${c})`),
        sql`, `,
      )}, ())`,
    );
  const facet = (
    bits: number,
    value: (r: (typeof rows)[number]) => string | null,
    n: (r: (typeof rows)[number]) => number,
    label = value,
  ) =>
    rows
      .filter((r) => Number(r.set) === bits && value(r) && n(r) > 0)
      .map((r) => ({ value: value(r)!, label: label(r) ?? value(r)!, count: n(r) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
      .slice(0, 50);
  return {
    total: rows.find((r) => Number(r.set) === 0b1111)?.nTotal ?? 0,
    facets: {
      department: facet(
        0b0111,
        (r) => r.department,
        (r) => r.nDepartment,
      ),
      category: facet(
        0b1011,
        (r) => r.category,
        (r) => r.nCategory,
      ),
      supplier: facet(
        0b1101,
        (r) => r.supplier,
        (r) => r.nSupplier,
        (r) => r.supplierName,
      ),
      origin: facet(
        0b1110,
        (r) => r.origin,
        (r) => r.nOrigin,
      ),
    },
  };
}

async function anyMatch(ctx: Ctx, m: Match): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: catalogOffers.id })
    .from(catalogOffers)
    .where(and(visibleTo(ctx), matchCondition(m)))
    .limit(1);
  return Boolean(row);
}

/**
 * One page of the global catalogue for the asking store `ctx.storeId` (never its own offers): `total` under every
 * filter, and the facets (each counted under the other filters, so a chosen value's siblings stay visible).
 * `approximate`: the words matched nothing exactly and these are the closest names.
 */
export async function searchOffersWithPostgres(ctx: Ctx, q: Query): Promise<OfferSearchPage> {
  const tsquery = offerTsQuery(q.q);
  let match: Match = tsquery ? { kind: 'fts', tsquery } : { kind: 'all' };
  const where = (m: Match) => and(visibleTo(ctx), matchCondition(m), ...filters(q));

  let counts = await countMatches(ctx, q, match);
  let approximate = false;
  // Typo tolerance when the words match no offer at all; words that match offers the filters exclude are not typos.
  if (tsquery && counts.total === 0 && !(await anyMatch(ctx, match))) {
    const typo: Match = { kind: 'trgm', text: words(q.q ?? '').join(' ') };
    const fuzzy = await countMatches(ctx, q, typo);
    if (fuzzy.total > 0) {
      match = typo;
      counts = fuzzy;
      approximate = true;
    }
  }
  const { total } = counts;

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
        })
        .from(catalogOffers)
        .where(where(match))
        .orderBy(...orderBy(q.sort, match))
        .limit(GLOBAL_CATALOG_PAGE_SIZE)
        .offset((q.page - 1) * GLOBAL_CATALOG_PAGE_SIZE)
    : [];

  return {
    items: rows.map(({ supplierStoreId, supplierName, ...r }) => ({
      ...r,
      supplier: { storeId: supplierStoreId, name: supplierName },
    })),
    total,
    page: q.page,
    pageSize: GLOBAL_CATALOG_PAGE_SIZE,
    approximate,
    facets: {
      departments: counts.facets.department,
      categories: counts.facets.category,
      suppliers: counts.facets.supplier,
      origins: counts.facets.origin,
    },
  };
}
