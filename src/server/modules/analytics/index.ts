/** Public interface of the analytics module. */
export { getRecentlyViewed, mostVisitedStores, recordProductView } from './analytics.service.js';
