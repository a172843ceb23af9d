/**
 * Answers a global catalogue search from the in-memory index (decision 140), with the same meaning as the PostgreSQL
 * engine (global-catalog-sql.ts): another store's offers only; every word must match (its stem, a longer word that
 * starts with it, or a built-in Spanish synonym); when the words match nothing, each unknown word is replaced by its
 * closest known word and the answer is `approximate`; filters, facets counted under every filter but their own, the
 * sorts with the newest publication then the id breaking ties, 24 per page. Synchronous: one pass over the matches.
 */
import {
  GLOBAL_CATALOG_PAGE_SIZE,
  type GlobalCatalogFacet,
  type globalCatalogQuery,
} from '../../../shared/contracts/marketplace.js';
import { allLive, matchText, planQuery, synonymTable, topK } from '../search/index.js';
import type { OfferCard, OfferIndex } from './offer-index.js';

type Query = ReturnType<typeof globalCatalogQuery.parse>;

/** A page of offers before the asking store's "already listed" marks are added. */
export interface OfferSearchPage {
  items: OfferCard[];
  total: number;
  page: number;
  pageSize: number;
  approximate: boolean;
  facets: Record<'departments' | 'categories' | 'suppliers' | 'origins', GlobalCatalogFacet[]>;
}

/** The catalogue is searched in Spanish whatever the supplier's store language (decision 137). */
const SYNONYMS = synonymTable('es', []);
const MAX_FACET_VALUES = 50;

/** The values with a count, most first, ties by label, at most MAX_FACET_VALUES. */
function facetList(
  counts: Int32Array,
  dictionary: { values: string[]; labels: string[]; labelRank(): Int32Array },
): GlobalCatalogFacet[] {
  const positions: number[] = [];
  for (let i = 0; i < counts.length; i++) if (counts[i] > 0) positions.push(i);
  const rank = dictionary.labelRank();
  return positions
    .sort((a, b) => counts[b] - counts[a] || rank[a] - rank[b])
    .slice(0, MAX_FACET_VALUES)
    .map((i) => ({ value: dictionary.values[i]!, label: dictionary.labels[i]!, count: counts[i]! }));
}

function comparator(index: OfferIndex, q: Query, score: Float32Array | null): (a: number, b: number) => number {
  const tie = (a: number, b: number) =>
    index.published[b] - index.published[a] || (index.ids[a] < index.ids[b] ? -1 : index.ids[a] > index.ids[b] ? 1 : 0);
  switch (q.sort) {
    case 'price_asc':
      return (a, b) => index.price[a] - index.price[b] || tie(a, b);
    case 'price_desc':
      return (a, b) => index.price[b] - index.price[a] || tie(a, b);
    case 'newest':
      return tie;
    case 'relevance':
    default:
      return score ? (a, b) => score[b] - score[a] || tie(a, b) : tie;
  }
}

/** One page of the global catalogue for the asking store `askingStoreId` (never its own offers). */
export function searchOfferIndex(index: OfferIndex, askingStoreId: string, q: Query): OfferSearchPage {
  const plan = q.q ? planQuery(q.q, 'es', SYNONYMS) : null;
  const { count, ords, score, suggestion } = plan
    ? matchText(index, plan, 'es', SYNONYMS, true)
    : { ...allLive(index), score: null, suggestion: null };

  const own = index.suppliers.find(askingStoreId) ?? -1;
  // A filter on a value no offer has (-2) matches nothing; undefined: no filter.
  const dep = index.departments.find(q.department);
  const cat = index.categories.find(q.category);
  const sup = index.suppliers.find(q.supplier);
  const ori = index.origins.find(q.origin);
  const depCount = new Int32Array(index.departments.values.length);
  const catCount = new Int32Array(index.categories.values.length);
  const supCount = new Int32Array(index.suppliers.values.length);
  const oriCount = new Int32Array(index.origins.values.length);
  const kept = new Int32Array(count);
  let total = 0;
  for (let k = 0; k < count; k++) {
    const ord = ords[k];
    if (index.supplier[ord] === own) continue;
    const price = index.price[ord];
    if ((q.priceMin !== undefined && price < q.priceMin) || (q.priceMax !== undefined && price > q.priceMax)) continue;
    const d = index.dep[ord];
    const c = index.cat[ord];
    const s = index.supplier[ord];
    const o = index.origin[ord];
    const okD = dep === undefined || d === dep;
    const okC = cat === undefined || c === cat;
    const okS = sup === undefined || s === sup;
    const okO = ori === undefined || o === ori;
    if (okC && okS && okO && d >= 0) depCount[d]++;
    if (okD && okS && okO && c >= 0) catCount[c]++;
    if (okD && okC && okO && s >= 0) supCount[s]++;
    if (okD && okC && okS && o >= 0) oriCount[o]++;
    if (okD && okC && okS && okO) kept[total++] = ord;
  }
  const offset = (q.page - 1) * GLOBAL_CATALOG_PAGE_SIZE;
  const ordered = topK(
    kept.subarray(0, total),
    Math.min(offset + GLOBAL_CATALOG_PAGE_SIZE, total),
    comparator(index, q, score),
  );
  return {
    items: ordered.slice(offset).map((ord) => index.cards[ord]),
    total,
    page: q.page,
    pageSize: GLOBAL_CATALOG_PAGE_SIZE,
    approximate: suggestion !== null,
    facets: {
      departments: facetList(depCount, index.departments),
      categories: facetList(catCount, index.categories),
      suppliers: facetList(supCount, index.suppliers),
      origins: facetList(oriCount, index.origins),
    },
  };
}
