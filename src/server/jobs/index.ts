/**
 * Background jobs (decision 034): a pg-boss queue in the app's own database (PGlite or PostgreSQL).
 * Modules enqueue with `enqueue(tx, name, payload)` (queue.ts); the app's runner (runner.ts) works the jobs each
 * module defines (orders/order-jobs.ts, accounts/account-jobs.ts, maintenance.ts here; listed in app.ts); job_progress (progress.ts) is what a seller sees of a long job of their store.
 */
export {
  defineJob,
  enqueue,
  type EnqueueOptions,
  type JobContext,
  type JobDefinition,
  type JobName,
  type JobOptions,
  type JobPayloads,
} from './queue.js';
export { createJobs, type Jobs, type JobRun } from './runner.js';
export { databaseKind } from './adapter.js';
export { createJobProgress, updateJobProgress, getJobProgress } from './progress.js';
