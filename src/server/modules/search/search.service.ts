/**
 * Product search (/search, /search/keyword; decisions 011 and 023): the shopper's words
 * with synonyms, prefix matching, accents ignored and typo correction ("¿Quisiste decir…?"), department and category
 * filters with facet counts, the four sorts plus relevance, and paging. Answered by the store's in-memory
 * index, or by PostgreSQL when so configured, while the change feed is down, or while the store's index is being
 * built (decision 148).
 */
import type { StoreContext } from '../../lib/context.js';
import type { SearchParams, SearchResponse } from '../../../shared/contracts/catalog.js';

export type { SearchParams };
import { getStoreLanguage } from '../stores/index.js';
import { searchIndex } from './index-query.js';
import { planQuery } from './query-plan.js';
import type { SearchIndexes } from './search-indexes.js';
import { searchWithPostgres } from './sql-engine.js';

export interface SearchEngines {
  indexes: SearchIndexes;
  engine: 'index' | 'postgres';
}

/** A search's answer and what the answer cache needs to know of it. */
export interface SearchOutcome {
  answer: SearchResponse;
  /** The products on the page (index engine), or null when not known (PostgreSQL engine). */
  productIds: string[] | null;
  /** Answered by PostgreSQL only because the store's index was still being built (decision 148). */
  cold: boolean;
}

/** Searches the context's store. `query` is validated by the searchQuery contract. Throws only database errors. */
export async function searchProducts(
  ctx: StoreContext,
  query: SearchParams,
  engines: SearchEngines,
): Promise<SearchResponse> {
  return (await searchProductsFor(ctx, query, engines)).answer;
}

/** searchProducts with the products the page shows and whether a cold store's fallback answered it. */
export async function searchProductsFor(
  ctx: StoreContext,
  query: SearchParams,
  engines: SearchEngines,
): Promise<SearchOutcome> {
  const lang = ctx.storeLang ?? (await getStoreLanguage(ctx));
  const synonyms = await engines.indexes.synonyms(ctx.storeId, lang);
  const plan = query.q ? planQuery(query.q, lang, synonyms) : null;
  const indexed = engines.engine === 'index' && engines.indexes.live;
  if (indexed) {
    // Null while the store's index is being built (first search, or dropped for the memory budget): PostgreSQL
    // answers meanwhile, correct and a little slower.
    const index = await engines.indexes.ready(ctx.storeId, lang);
    if (index) {
      const productIds: string[] = [];
      return { answer: searchIndex(index, { ...query, plan, synonyms }, productIds), productIds, cold: false };
    }
  }
  const answer = await searchWithPostgres({ ...ctx, storeLang: lang }, plan, query);
  return { answer, productIds: null, cold: indexed };
}
