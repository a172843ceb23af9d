/**
 * Job applications (the storefront's `/bolsa_trabajo` form; decisions 168, 169). The public form
 * is sent as multipart/form-data: the fields below as text parts and the CV as the `file` part (a PDF under 5 MB,
 * checked by its content). The store's owner lists, reads, downloads, marks reviewed and deletes them in the admin.
 */
import { z } from 'zod';
import { email, text, uuid } from './common.js';
import { phoneE164 } from './buyer-account.js';

/** How long an application and its CV are kept, months (decision 169). */
export const JOB_APPLICATION_RETENTION_MONTHS = 12;
/** The longest presentation letter, characters. */
export const JOB_LETTER_MAX = 2000;
/** Applications per admin page. */
export const JOB_APPLICATIONS_PAGE_SIZE = 20;

/** The text parts of the public form. `consent` is the checkbox's value: the form is refused without it. */
export const jobApplicationFields = z.object({
  fullName: text({ min: 2, max: 120 }),
  email,
  phone: phoneE164,
  position: text({ min: 2, max: 120 }),
  letter: text({ min: 20, max: JOB_LETTER_MAX, multiline: true }),
  consent: z.literal('true', { message: 'i18n:consent_required' }),
});
export type JobApplicationFields = z.infer<typeof jobApplicationFields>;

/** The answer to a sent application: its id, for the applicant's reference. */
export const jobApplicationReceipt = z.object({ id: uuid });

/** One application as the store sees it. */
export const jobApplication = z.object({
  id: uuid,
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  position: z.string(),
  letter: z.string(),
  cvName: z.string(),
  cvBytes: z.number().int(),
  locale: z.enum(['es', 'en']),
  reviewed: z.boolean(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The day it will be deleted (ISO), 12 months after it was sent. */
  deleteAfter: z.string(),
});
export type JobApplication = z.infer<typeof jobApplication>;

/** GET /api/admin/job-applications: `status` all | unread | reviewed, `page` from 1. */
export const jobApplicationQuery = z.object({
  status: z.enum(['all', 'unread', 'reviewed']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type JobApplicationQuery = z.infer<typeof jobApplicationQuery>;

export const jobApplicationList = z.object({
  applications: z.array(jobApplication),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type JobApplicationList = z.infer<typeof jobApplicationList>;

/** POST /api/admin/job-applications/:id/reviewed: mark reviewed (true) or unread again (false). */
export const jobApplicationReviewedBody = z.object({ reviewed: z.boolean() });
