/**
 * The process's image jobs (decision 105): every decode, resize and re-encode of an image runs here, IMAGE_CONCURRENCY
 * at a time with IMAGE_QUEUE_MAX waiting; beyond that an upload answers 503 SERVER_BUSY with a Retry-After estimate.
 * sharp does its work on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which also reads
 * the static files and runs DNS and password hashing: eight large decodes at once take the whole pool and the static
 * files starve (docs/performance.md). With one libvips thread per job (`sharp.concurrency(1)`), a job holds one pool
 * thread and about one core. Background work (the catalogue import, the seed) waits for its turn instead of being
 * refused: it bounds its own concurrency, and a job has no client to retry.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.js';

sharp.concurrency(1);

const limit: LimitFunction = pLimit(1);
let maxQueue = 8;
/** Moving average of one job's duration (ms), for the Retry-After estimate. */
let averageMs = 300;

/** Sets the pool's bounds (called once per app from the files routes; the pool is per process, as libuv's is). */
export function configureImageJobs(opts: { concurrency: number; maxQueue: number }): void {
  if (limit.concurrency !== opts.concurrency) limit.concurrency = opts.concurrency;
  maxQueue = opts.maxQueue;
}

/** Image jobs running and waiting now (tests, the bench). */
export function imageJobLoad(): { active: number; waiting: number } {
  return { active: limit.activeCount, waiting: limit.pendingCount };
}

/**
 * Runs `job` (image work) in the pool and returns its result. Throws SERVER_BUSY (503, params.retryAfter in seconds)
 * when the queue is full, unless `background`, which waits its turn whatever the queue.
 */
export function runImageJob<T>(job: () => Promise<T>, opts: { background?: boolean } = {}): Promise<T> {
  const ahead = limit.activeCount + limit.pendingCount;
  if (!opts.background && ahead >= limit.concurrency + maxQueue) {
    const retryAfter = Math.max(1, Math.ceil(((ahead / limit.concurrency) * averageMs) / 1000));
    return Promise.reject(new AppError('SERVER_BUSY', { retryAfter }));
  }
  return limit(async () => {
    const started = performance.now();
    try {
      return await job();
    } finally {
      averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
    }
  });
}
