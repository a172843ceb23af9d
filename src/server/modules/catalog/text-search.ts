/**
 * The catalog's side of the PostgreSQL search engine (decision 011, kept by decision 033): the SQL over the product
 * tables that search/sql-engine.ts plans. Full-text match on products.search_vector in the store's configuration, or
 * pg_trgm word similarity on products.search_name, with department and category filters, sorts and paging; and the
 * match counts per (department, category) for facets. Only listable products (visible, not archived) of ctx.storeId.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { categories, departments, products } from '../../db/schema/catalog.js';
import type { StoreContext } from '../../lib/context.js';
import type { SearchSort } from '../../../shared/contracts/catalog.js';
import { textSearchConfig } from '../stores/index.js';
import { cardColumns, type CardRow } from './product-card.js';

/** How products match the words: all of them, a to_tsquery text (`(camiseta:* | playera) & roja:*`), or similarity. */
export type TextMatch = { kind: 'all' } | { kind: 'fts'; tsquery: string } | { kind: 'trgm'; text: string };

/** Matches per (department, category) pair; null slugs for products outside a department or category. */
export interface TaxonomyCount {
  depSlug: string | null;
  depName: string | null;
  depPosition: number | null;
  catSlug: string | null;
  catName: string | null;
  count: number;
}

type Ctx = Pick<StoreContext, 'db' | 'storeId' | 'storeLang'>;

function matchCondition(ctx: Ctx, m: TextMatch): SQL | undefined {
  if (m.kind === 'fts') return sql`${products.searchVector} @@ ${tsQuery(ctx, m.tsquery)}`;
  // `<%`: word similarity ≥ the session's threshold (TYPO_WORD_SIMILARITY, set in db/client.ts); uses the trigram index.
  if (m.kind === 'trgm') return sql`${m.text} <% ${products.searchName}`;
  return undefined;
}

function tsQuery(ctx: Ctx, text: string): SQL {
  const cfg = textSearchConfig(ctx.storeLang ?? 'es');
  return sql`to_tsquery(${sql.raw(`'${cfg}'::regconfig`)}, ${text})`;
}

function orderBy(ctx: Ctx, sort: SearchSort, m: TextMatch): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(products.priceCents), asc(products.codigo)];
    case 'price_desc':
      return [desc(products.priceCents), asc(products.codigo)];
    case 'newest':
      return [desc(products.createdAt), asc(products.codigo)];
    case 'best_seller':
      return [desc(products.soldCount), asc(products.codigo)];
    case 'relevance':
    default:
      if (m.kind === 'fts')
        return [
          sql`ts_rank_cd(${products.searchVector}, ${tsQuery(ctx, m.tsquery)}) desc`,
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

function joined<T extends object>(ctx: Ctx, columns: T) {
  return ctx.db
    .select(columns as never)
    .from(products)
    .leftJoin(departments, and(eq(departments.id, products.departmentId), eq(departments.storeId, products.storeId)))
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.storeId, products.storeId)));
}

const listable = (ctx: Ctx) =>
  and(eq(products.storeId, ctx.storeId), eq(products.visible, true), isNull(products.archivedAt));

/** One page of matching product cards under the department/category filters (slugs), in the asked order. */
export async function searchListedProducts(
  ctx: Ctx,
  match: TextMatch,
  query: { departamento?: string; categoria?: string; sort: SearchSort; page: number; pageSize: number },
): Promise<CardRow[]> {
  const depFilter = query.departamento ? eq(departments.slug, query.departamento) : undefined;
  const catFilter = query.categoria ? eq(categories.slug, query.categoria) : undefined;
  return (await joined(ctx, cardColumns)
    .where(and(listable(ctx), matchCondition(ctx, match), depFilter, catFilter))
    .orderBy(...orderBy(ctx, query.sort, match))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)) as unknown as CardRow[];
}

/** Matching products counted per (department, category), over every department and category (for facets). */
export async function countListedProductsByTaxonomy(ctx: Ctx, match: TextMatch): Promise<TaxonomyCount[]> {
  return (await joined(ctx, {
    depSlug: departments.slug,
    depName: departments.name,
    depPosition: departments.position,
    catSlug: categories.slug,
    catName: categories.name,
    count: sql<number>`count(*)::int`,
  })
    .where(and(listable(ctx), matchCondition(ctx, match)))
    .groupBy(
      departments.slug,
      departments.name,
      departments.position,
      categories.slug,
      categories.name,
    )) as unknown as TaxonomyCount[];
}
