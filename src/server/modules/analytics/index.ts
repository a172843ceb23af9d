/** Public interface of the analytics module. */
export { getRecentlyViewed, mostVisitedStores, recordProductView } from './analytics.service.js';
export { visitsByDay, topViewedProducts, lastDays, periodStart, type VisitDay } from './visits.service.js';
