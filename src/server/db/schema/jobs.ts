/**
 * Progress of a long job a seller started and watches (the store builder's CSV import
 * shows it as a progress bar through GET /api/admin/jobs/:id). The queue itself lives in pg-boss's own
 * `pgboss` schema (decision 034); this table holds only what the seller may see of one job of their store.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';

export const jobProgress = pgTable(
  'job_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The pg-boss job doing the work (null until it is enqueued). */
    queueJobId: uuid('queue_job_id'),
    /** What the job does, e.g. `catalog-import`. */
    kind: text('kind').notNull(),
    /** Units of work (rows of a CSV, say); 0 while unknown. */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** queued → running → completed | failed. */
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    /** Problems per unit: `[{ at?: number, code: string, params?: object }]` (codes of src/shared/errors.ts). */
    errors: jsonb('errors')
      .$type<{ at?: number; code: string; params?: Record<string, unknown> }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('job_progress_store_idx').on(t.storeId, t.createdAt)],
);
