/** Public interface of the search module. */
export { searchProducts, type SearchEngines, type SearchParams } from './search.service.js';
export type { SearchIndexes } from './search-indexes.js';
export { warmSearchIndexes } from './warm-up.js';
export { words } from './text.js';
export { topSearchTerms } from './search-terms.js';
// The text engine, for the other in-memory indexes built on it (the global catalogue's offers).
export { TextSegments, textFingerprint, type AnalysedDoc } from './text-segments.js';
export type { FieldTerms } from './term-index.js';
export { allLive, matchText, topK, type TextMatch } from './index-query.js';
export { planQuery, synonymTable, type QueryPlan, type SynonymTable } from './query-plan.js';
