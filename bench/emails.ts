/**
 * Email latency under a sale burst (`npm run bench -- emails`): how long after its order's commit an order email is
 * written to the outbox. The benchmark server (bench/server.ts --emails, PGlite or BENCH_DATABASE_URL) places real
 * OXXO orders on a store, waits until their vouchers are mailed, then commits the same email jobs an order commits
 * (`order-email`, kind `voucher`, each in its own transaction) at EMAIL_BENCH_RATE per second (50) for
 * EMAIL_BENCH_SECONDS (10) while the app's job workers run as in production (JOB_POLL_SECONDS 2, JOB_BATCH_SIZE 10
 * unless set). Each latency runs from the transaction's commit to the job's completion, which comes after the email
 * file is written. Reports median, p95 and max (target: max within 5 s).
 */

export interface EmailFigures {
  database: 'pglite' | 'postgresql';
  ratePerSecond: number;
  seconds: number;
  jobs: number;
  sent: number;
  /** Commit → email in the outbox, milliseconds. */
  p50: number;
  p95: number;
  max: number;
  pollSeconds: number;
  batchSize: number;
}

/** Percentile `p` of sorted numbers (nearest rank), rounded to 0.1. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1);
}
