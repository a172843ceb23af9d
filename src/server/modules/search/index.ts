/** Public interface of the search module. */
export { searchProducts, type SearchEngines, type SearchParams } from './search.service.js';
export type { SearchIndexes } from './search-indexes.js';
export { words } from './text.js';
