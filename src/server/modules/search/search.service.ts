/**
 * Product search (/search, /search/keyword; decisions 011 and 023): the shopper's words
 * with synonyms, prefix matching, accents ignored and typo correction ("¿Quisiste decir…?"), department and category
 * filters with facet counts, the four sorts plus relevance, and paging. Answered by the store's in-memory
 * index, or by PostgreSQL when so configured or while the change feed is down.
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

/** Searches the context's store. `query` is validated by the searchQuery contract. Throws only database errors. */
export async function searchProducts(
  ctx: StoreContext,
  query: SearchParams,
  engines: SearchEngines,
): Promise<SearchResponse> {
  const lang = ctx.storeLang ?? (await getStoreLanguage(ctx));
  const synonyms = await engines.indexes.synonyms(ctx.storeId, lang);
  const plan = query.q ? planQuery(query.q, lang, synonyms) : null;
  if (engines.engine === 'index' && engines.indexes.live) {
    const index = await engines.indexes.index(ctx.storeId, lang);
    return searchIndex(index, { ...query, plan, synonyms });
  }
  return searchWithPostgres({ ...ctx, storeLang: lang }, plan, query);
}
