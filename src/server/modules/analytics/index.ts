/** Public interface of the analytics module. */
export { getRecentlyViewed, recordProductView } from './analytics.service.js';
