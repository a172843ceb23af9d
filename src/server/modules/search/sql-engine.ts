/**
 * The PostgreSQL search engine (decision 011, kept by decision 033): full-text search over products.search_vector in
 * the store's configuration with prefix matching and synonyms, pg_trgm typo tolerance when the words match nothing,
 * filters, sorts, paging and facet counts in SQL. This file plans and assembles the answer; the SQL over the
 * catalog's tables is the catalog module's (catalog/text-search.ts). The in-memory index answers by default; this
 * engine answers when SEARCH_ENGINE=postgres, and while the change feed is down (the index may then be stale).
 */
import type { StoreContext } from '../../lib/context.js';
import type { SearchResponse, SearchSort } from '../../../shared/contracts/catalog.js';
import { countListedProductsByTaxonomy, searchListedProducts, toCard, type TextMatch } from '../catalog/index.js';
import type { QueryPlan } from './query-plan.js';
import { suggestCorrection } from './query-text.js';

/** `(camiseta:* | playera | remera) & (roja:*)`: every word, or one of its synonyms; the typed word also by prefix. */
export function planTsQuery(plan: QueryPlan): string {
  const safe = (w: string) => w.replace(/[^a-z0-9]/g, '');
  return plan.words
    .map(
      (w) => `(${[`${safe(w.surface)}${w.prefix ? ':*' : ''}`, ...w.synonyms.map(safe)].filter(Boolean).join(' | ')})`,
    )
    .join(' & ');
}

/** Searches the context's store in PostgreSQL (`storeLang` picks the text-search configuration; default Spanish). */
export async function searchWithPostgres(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'storeLang'>,
  plan: QueryPlan | null,
  query: { departamento?: string; categoria?: string; sort: SearchSort; page: number; pageSize: number },
): Promise<SearchResponse> {
  const run = (m: TextMatch) => searchListedProducts(ctx, m, query);

  let match: TextMatch = plan ? { kind: 'fts', tsquery: planTsQuery(plan) } : { kind: 'all' };
  let rows = await run(match);
  let suggestion: string | null = null;
  if (plan && rows.length === 0 && query.page === 1) {
    const typo: TextMatch = { kind: 'trgm', text: plan.words.map((w) => w.surface).join(' ') };
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
  const groups = await countListedProductsByTaxonomy(ctx, match);

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
