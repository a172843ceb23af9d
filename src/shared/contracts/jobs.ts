/** Progress of a seller's background job (GET /api/admin/jobs/:id). */
import { z } from 'zod';

export const jobProgressView = z.object({
  id: z.string().uuid(),
  /** What the job does, e.g. `catalog-import`. */
  kind: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  /** Units of work in all (0 while unknown) and done so far: a progress bar shows done / total. */
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  /** Problems met so far: an error code of src/shared/errors.ts with its params, and the unit (a CSV row, say). */
  errors: z.array(
    z.object({
      at: z.number().int().optional(),
      code: z.string(),
      params: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobProgressView = z.infer<typeof jobProgressView>;
