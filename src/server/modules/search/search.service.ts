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

type Match = { kind: 'all' } | { kind: 'fts'; tsquery: SQL } | { kind: 'trgm'; text: string };

function matchCondition(m: Match): SQL | undefined {
  if (m.kind === 'fts') return sql`${products.searchVector} @@ ${m.tsquery}`;
  // `<%`: word similarity ≥ the session's threshold (TYPO_WORD_SIMILARITY, set in db/client.ts); uses the trigram index.
  if (m.kind === 'trgm') return sql`${m.text} <% ${products.searchName}`;
  return undefined;
}

function orderBy(sort: SearchSort, m: Match): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(products.priceCents), asc(products.codigo)];
    case 'price_desc':
      return [desc(products.priceCents), asc(products.codigo)];
    case 'newest':
      return [desc(products.createdAt), asc(products.codigo)];
    case 'best_seller':
      return [desc(products.soldCount), asc(products.codigo)];
    default:
      if (m.kind === 'fts')
        return [
          sql`ts_rank_cd(${products.searchVector}, ${m.tsquery}) desc`,
          desc(products.soldCount),
          asc(products.codigo),
        ];
      if (m.kind === 'trgm')
        return [
          sql`word_similarity(${m.text}, ${products.searchName}) desc`,
          desc(products.soldCount),
          asc(products.codigo),
        ];
      return [desc(products.featured), desc(products.soldCount), asc(products.codigo)];
  }
}

/** Searches the context's store. `query` is validated by the searchQuery contract. */
export async function searchProducts(
  ctx: StoreContext,
  query: { q?: string; departamento?: string; categoria?: string; sort: SearchSort; page: number; pageSize: number },
): Promise<SearchResponse> {
  const cfg = textSearchConfig(ctx.storeLang ?? (await getStoreLanguage(ctx.db, ctx.storeId)));
  const q = query.q?.trim() ?? '';
  const prefix = q ? toPrefixTsQuery(q) : null;
  const base = and(eq(products.storeId, ctx.storeId), eq(products.visible, true), isNull(products.archivedAt));
  const depFilter = query.departamento ? eq(departments.slug, query.departamento) : undefined;
  const catFilter = query.categoria ? eq(categories.slug, query.categoria) : undefined;

  const run = (m: Match) =>
    ctx.db
      .select(cardColumns)
      .from(products)
      .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
      .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
      .where(and(base, matchCondition(m), depFilter, catFilter))
      .orderBy(...orderBy(query.sort, m))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);

  let match: Match = prefix
    ? { kind: 'fts', tsquery: sql`to_tsquery(${sql.raw(`'${cfg}'::regconfig`)}, ${prefix})` }
    : { kind: 'all' };
  if (q && !prefix) match = { kind: 'trgm', text: normaliseWords(q).join(' ') || q.toLowerCase() };
  let rows = await run(match);
  let suggestion: string | null = null;
  if (q && rows.length === 0 && query.page === 1) {
    const typo: Match = { kind: 'trgm', text: normaliseWords(q).join(' ') };
    const fuzzy = await run(typo);
    if (fuzzy.length) {
      match = typo;
      rows = fuzzy;
      suggestion = suggestCorrection(
        q,
        fuzzy.map((r) => r.name),
      );
    }
  }

  // One pass counts the matches per (department, category): it gives the department facets (among all matches),
  // the category facets (among matches in the chosen department) and the total under the chosen filters.
  const groups = await ctx.db
    .select({
      depSlug: departments.slug,
      depName: departments.name,
      depPosition: departments.position,
      catSlug: categories.slug,
      catName: categories.name,
      count: sql<number>`count(*)::int`,
    })
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)))
    .where(and(base, matchCondition(match)))
    .groupBy(departments.slug, departments.name, departments.position, categories.slug, categories.name);

  const inDepartment = (g: (typeof groups)[number]) => !query.departamento || g.depSlug === query.departamento;
  const total = groups
    .filter((g) => inDepartment(g) && (!query.categoria || g.catSlug === query.categoria))
    .reduce((n, g) => n + g.count, 0);
  const depFacets = new Map<string, { slug: string; name: string; count: number; position: number }>();
  for (const g of groups) {
    if (!g.depSlug || !g.depName) continue;
    const f = depFacets.get(g.depSlug) ?? { slug: g.depSlug, name: g.depName, count: 0, position: g.depPosition ?? 0 };
    f.count += g.count;
    depFacets.set(g.depSlug, f);
  }
  const catFacets = new Map<string, { slug: string; name: string; department: string; count: number }>();
  for (const g of groups.filter(inDepartment)) {
    if (!g.catSlug || !g.catName || !g.depSlug) continue;
    const key = `${g.depSlug}/${g.catSlug}`;
    const f = catFacets.get(key) ?? { slug: g.catSlug, name: g.catName, department: g.depSlug, count: 0 };
    f.count += g.count;
    catFacets.set(key, f);
  }

  return {
    items: rows.map(toCard),
    total,
    page: query.page,
    pageSize: query.pageSize,
    suggestion,
    departments: [...depFacets.values()]
      .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
      .map(({ slug, name, count }) => ({ slug, name, count })),
    categories: [...catFacets.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export type { SearchQuery };
