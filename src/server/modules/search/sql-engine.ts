/**
 * The PostgreSQL search engine (decision 011, kept by decision 033): full-text search over products.search_vector in
 * the store's configuration with prefix matching and synonyms, pg_trgm typo tolerance when the words match nothing,
 * filters, sorts, paging and facet counts in SQL. The in-memory index answers by default; this engine answers when
 * SEARCH_ENGINE=postgres, and while the change feed is down (the index may then be stale).
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { categories, departments, products } from '../../db/schema/catalog.js';
import type { StoreContext } from '../../lib/context.js';
import type { SearchResponse, SearchSort } from '../../../shared/contracts/catalog.js';
import { textSearchConfig } from '../stores/index.js';
import { cardColumns, toCard } from '../catalog/index.js';
import type { QueryPlan } from './query-plan.js';
import { suggestCorrection } from './query-text.js';

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

/** `(camiseta:* | playera | remera) & (roja:*)`: every word, or one of its synonyms; the typed word also by prefix. */
export function planTsQuery(plan: QueryPlan): string {
  const safe = (w: string) => w.replace(/[^a-z0-9]/g, '');
  return plan.words
    .map(
      (w) => `(${[`${safe(w.surface)}${w.prefix ? ':*' : ''}`, ...w.synonyms.map(safe)].filter(Boolean).join(' | ')})`,
    )
    .join(' & ');
}

/** Searches the context's store in PostgreSQL. */
export async function searchWithPostgres(
  ctx: StoreContext,
  plan: QueryPlan | null,
  query: { departamento?: string; categoria?: string; sort: SearchSort; page: number; pageSize: number },
): Promise<SearchResponse> {
  const cfg = textSearchConfig(ctx.storeLang ?? 'es');
  const base = and(eq(products.storeId, ctx.storeId), eq(products.visible, true), isNull(products.archivedAt));
  const depFilter = query.departamento ? eq(departments.slug, query.departamento) : undefined;
  const catFilter = query.categoria ? eq(categories.slug, query.categoria) : undefined;
  const joined = <T extends object>(columns: T) =>
    ctx.db
      .select(columns as never)
      .from(products)
      .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
      .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)));
  const run = (m: Match) =>
    joined(cardColumns)
      .where(and(base, matchCondition(m), depFilter, catFilter))
      .orderBy(...orderBy(query.sort, m))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize) as unknown as Promise<Parameters<typeof toCard>[0][]>;

  let match: Match = plan
    ? { kind: 'fts', tsquery: sql`to_tsquery(${sql.raw(`'${cfg}'::regconfig`)}, ${planTsQuery(plan)})` }
    : { kind: 'all' };
  let rows = await run(match);
  let suggestion: string | null = null;
  if (plan && rows.length === 0 && query.page === 1) {
    const typo: Match = { kind: 'trgm', text: plan.words.map((w) => w.surface).join(' ') };
    const fuzzy = await run(typo);
    if (fuzzy.length) {
      match = typo;
      rows = fuzzy;
      suggestion = suggestCorrection(
        typo.text,
        fuzzy.map((r) => r.name),
      );
    }
  }

  // One pass counts the matches per (department, category): the department facets (among all matches), the category
  // facets (among matches in the chosen department) and the total under the chosen filters.
  const groups = (await joined({
    depSlug: departments.slug,
    depName: departments.name,
    depPosition: departments.position,
    catSlug: categories.slug,
    catName: categories.name,
    count: sql<number>`count(*)::int`,
  })
    .where(and(base, matchCondition(match)))
    .groupBy(departments.slug, departments.name, departments.position, categories.slug, categories.name)) as {
    depSlug: string | null;
    depName: string | null;
    depPosition: number | null;
    catSlug: string | null;
    catName: string | null;
    count: number;
  }[];

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
  // Categories of the chosen department only (see index-query.ts).
  const catFacets = query.departamento
    ? groups
        .filter((g) => g.depSlug === query.departamento && g.catSlug && g.catName)
        .map((g) => ({ slug: g.catSlug!, name: g.catName!, department: g.depSlug!, count: g.count }))
    : [];

  return {
    items: rows.map(toCard),
    total,
    page: query.page,
    pageSize: query.pageSize,
    suggestion,
    departments: [...depFacets.values()]
      .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
      .map(({ slug, name, count }) => ({ slug, name, count })),
    categories: catFacets.sort((a, b) => a.name.localeCompare(b.name)),
  };
}
