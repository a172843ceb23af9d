/**
 * Routes of the store's visits report (decisions 161, 162); schemas in visits.ops.ts. The orders module registers it,
 * since conversion needs the store's orders (analytics, below orders, gives the visits).
 */
export const getVisitsReport = { name: 'getVisitsReport', method: 'GET', path: '/api/admin/visitas' } as const;
