/**
 * Product search (SPEC §2 /search, /search/keyword; DESIGN.md "Search"): full-text search in the store's language
 * over unaccented text with prefix matching, pg_trgm typo tolerance when the words match nothing, filters by
 * department and category slug, the four sorts of SPEC §2 plus relevance, paging and facet counts.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { categories, departments, products } from '../../db/schema/index.js';
import type { StoreContext } from '../../lib/context.js';
import type { SearchQuery, SearchResponse, SearchSort } from '../../../shared/contracts/catalog.js';
import { getStoreLanguage, textSearchConfig } from '../stores/index.js';
import { cardColumns, toCard } from '../catalog/index.js';
import { suggestCorrection, toPrefixTsQuery, normaliseWords } from './query-text.js';

/** Minimum pg_trgm word similarity for the typo-tolerant fallback (decision 011). */
const TYPO_SIMILARITY = 0.35;

type Match = { kind: 'all' } | { kind: 'fts'; tsquery: SQL } | { kind: 'trgm'; text: string };

function matchCondition(m: Match): SQL | undefined {
  if (m.kind === 'fts') return sql`${products.searchVector} @@ ${m.tsquery}`;
  if (m.kind === 'trgm') return sql`word_similarity(${m.text}, ${products.searchName}) >= ${TYPO_SIMILARITY}`;
  return undefined;
}

function orderBy(sort: SearchSort, m: Match): SQL[] {
  switch (sort) {
    case 'price_asc': return [asc(products.priceCents), asc(products.codigo)];
    case 'price_desc': return [desc(products.priceCents), asc(products.codigo)];
    case 'newest': return [desc(products.createdAt), asc(products.codigo)];
    case 'best_seller': return [desc(products.soldCount), asc(products.codigo)];
    default:
      if (m.kind === 'fts') return [sql`ts_rank_cd(${products.searchVector}, ${m.tsquery}) desc`, desc(products.soldCount), asc(products.codigo)];
      if (m.kind === 'trgm') return [sql`word_similarity(${m.text}, ${products.searchName}) desc`, desc(products.soldCount), asc(products.codigo)];
      return [desc(products.featured), desc(products.soldCount), asc(products.codigo)];
  }
}

/** Searches the context's store. `query` is validated by the searchQuery contract. */
export async function searchProducts(ctx: StoreContext, query: { q?: string; departamento?: string; categoria?: string; sort: SearchSort; page: number; pageSize: number }): Promise<SearchResponse> {
  const cfg = textSearchConfig(await getStoreLanguage(ctx.db, ctx.storeId));
  const q = query.q?.trim() ?? '';
  const prefix = q ? toPrefixTsQuery(q) : null;
  const base = and(eq(products.storeId, ctx.storeId), eq(products.visible, true), isNull(products.archivedAt));
  const depFilter = query.departamento ? eq(departments.slug, query.departamento) : undefined;
  const catFilter = query.categoria ? eq(categories.slug, query.categoria) : undefined;

  const run = async (m: Match) => {
    const where = and(base, matchCondition(m), depFilter, catFilter);
    const rows = await ctx.db.select({ ...cardColumns, total: sql<number>`count(*) over ()::int` }).from(products)
      .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
      .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
      .where(where).orderBy(...orderBy(query.sort, m)).limit(query.pageSize).offset((query.page - 1) * query.pageSize);
    return rows;
  };

  let match: Match = prefix ? { kind: 'fts', tsquery: sql`to_tsquery(${sql.raw(`'${cfg}'::regconfig`)}, ${prefix})` } : { kind: 'all' };
  if (q && !prefix) match = { kind: 'trgm', text: normaliseWords(q).join(' ') || q.toLowerCase() };
  let rows = await run(match);
  let suggestion: string | null = null;
  if (q && rows.length === 0 && query.page === 1) {
    const typo: Match = { kind: 'trgm', text: normaliseWords(q).join(' ') };
    const fuzzy = await run(typo);
    if (fuzzy.length) {
      match = typo;
      rows = fuzzy;
      suggestion = suggestCorrection(q, fuzzy.map((r) => r.name));
    }
  }
  const total = rows[0]?.total ?? 0;

  // Facets: departments among all matches; categories among matches in the chosen department.
  const facetBase = and(base, matchCondition(match));
  const [depFacets, catFacets] = await Promise.all([
    ctx.db.select({ slug: departments.slug, name: departments.name, count: sql<number>`count(*)::int` }).from(products)
      .innerJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
      .where(facetBase).groupBy(departments.slug, departments.name, departments.position).orderBy(asc(departments.position), asc(departments.name)),
    ctx.db.select({ slug: categories.slug, name: categories.name, department: departments.slug, count: sql<number>`count(*)::int` }).from(products)
      .innerJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
      .innerJoin(departments, and(eq(departments.id, categories.departmentId), eq(departments.storeId, products.storeId)))
      .where(and(facetBase, depFilter)).groupBy(categories.slug, categories.name, departments.slug).orderBy(asc(categories.name)),
  ]);

  return { items: rows.map(toCard), total, page: query.page, pageSize: query.pageSize, departments: depFacets, categories: catFacets, suggestion };
}

export type { SearchQuery };
