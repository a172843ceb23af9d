/** Routes of the analytics module: recently viewed products, product views, page views. Schemas in analytics.ops.ts. */
export const recentlyViewed = {
  name: 'recentlyViewed',
  method: 'POST',
  path: '/api/getVistos',
  readLike: true,
} as const;
export const recordProductView = {
  name: 'recordProductView',
  method: 'POST',
  path: '/api/visto',
  readLike: true,
} as const;
/** A storefront page view (decision 161): the single-page app sends one per route it shows. */
export const recordPageView = {
  name: 'recordPageView',
  method: 'POST',
  path: '/api/visitas',
  readLike: true,
} as const;
