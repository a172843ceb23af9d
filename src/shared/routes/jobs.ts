/** Routes of the background jobs (src/server/jobs): a job's progress. Schemas in jobs.ops.ts. */
export const jobProgress = { name: 'jobProgress', method: 'GET', path: '/api/admin/jobs/:id' } as const;
