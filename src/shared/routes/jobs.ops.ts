/** The background jobs' operations (routes in jobs.ts). */
import { z } from 'zod';
import { uuid } from '../contracts/common.js';
import { jobProgressView } from '../contracts/jobs.js';
import { defineOps } from './op.js';
import * as routes from './jobs.js';

export const jobsOps = defineOps(routes, {
  jobProgress: {
    tags: ['admin'],
    summary: 'Progress of one of the store’s background jobs (404 JOB_NOT_FOUND for another store’s)',
    params: z.object({ id: uuid }),
    response: { 200: jobProgressView },
  },
});
