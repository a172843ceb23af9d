/** Routes of the analytics module: recently viewed products and product views. Schemas in analytics.ops.ts. */
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
