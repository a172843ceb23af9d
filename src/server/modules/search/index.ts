/** Public interface of the search module. */
export { searchProducts } from './search.service.js';
