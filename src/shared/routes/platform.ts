/** Routes of the app itself (app.ts): health. Schemas in platform.ops.ts. */
export const health = { name: 'health', method: 'GET', path: '/api/health' } as const;
