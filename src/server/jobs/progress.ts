/**
 * Progress of a seller's long job (table job_progress; GET /api/admin/jobs/:id): a job that works for a store creates
 * a row when it is requested, then reports units done and problems as it goes, so the admin shows a progress bar.
 * Every query is scoped by store: another store's job reads as JOB_NOT_FOUND (404).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { jobProgress } from '../db/schema/jobs.js';
import { AppError } from '../lib/app-error.js';
import type { JobProgressView } from '../../shared/contracts/jobs.js';

type ProgressError = { at?: number; code: string; params?: Record<string, unknown> };

/** A new progress row ('queued') of `kind` for the store; returns its id (the id the admin polls). */
export async function createJobProgress(
  db: Db | Tx,
  storeId: string,
  kind: string,
  total = 0,
  queueJobId?: string | null,
): Promise<string> {
  const [row] = await db
    .insert(jobProgress)
    .values({ storeId, kind, total, queueJobId: queueJobId ?? null })
    .returning({ id: jobProgress.id });
  return row!.id;
}

/**
 * Reports progress: `done` units so far (and `total` when it became known), problems appended, the status moved.
 * 'completed' and 'failed' also stamp finishedAt.
 */
export async function updateJobProgress(
  db: Db | Tx,
  storeId: string,
  id: string,
  change: {
    done?: number;
    total?: number;
    status?: JobProgressView['status'];
    errors?: ProgressError[];
    queueJobId?: string;
  },
): Promise<void> {
  const finished = change.status === 'completed' || change.status === 'failed';
  await db
    .update(jobProgress)
    .set({
      ...(change.done !== undefined && { done: change.done }),
      ...(change.total !== undefined && { total: change.total }),
      ...(change.status && { status: change.status }),
      ...(change.queueJobId && { queueJobId: change.queueJobId }),
      ...(change.errors?.length && { errors: sql`${jobProgress.errors} || ${JSON.stringify(change.errors)}::jsonb` }),
      ...(finished && { finishedAt: new Date() }),
      updatedAt: new Date(),
    })
    .where(and(eq(jobProgress.storeId, storeId), eq(jobProgress.id, id)));
}

/** The progress of job `id` of the store. Throws JOB_NOT_FOUND when the store has no such job. */
export async function getJobProgress(ctx: { db: Db; storeId: string }, id: string): Promise<JobProgressView> {
  const [r] = await ctx.db
    .select()
    .from(jobProgress)
    .where(and(eq(jobProgress.storeId, ctx.storeId), eq(jobProgress.id, id)))
    .limit(1);
  if (!r) throw new AppError('JOB_NOT_FOUND');
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    total: r.total,
    done: r.done,
    errors: r.errors,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}
