/**
 * Job applications sent through a store's public form (the storefront's `/bolsa_trabajo`; decisions 168, 169). The CV is a
 * PDF in private storage (`cv_key`), never reachable by URL; a row and its file are deleted 12 months after it was
 * sent.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';

export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    /** E.164 ("+525512345678"). */
    phone: text('phone').notNull(),
    position: text('position').notNull(),
    letter: text('letter').notNull(),
    /** The private storage key of the CV (`<store>/applications/<id>.pdf`). */
    cvKey: text('cv_key').notNull(),
    /** The CV's file name as sent (control characters removed). */
    cvName: text('cv_name').notNull(),
    cvBytes: integer('cv_bytes').notNull(),
    /** The language the applicant wrote in (es | en). */
    locale: text('locale').notNull().default('es'),
    /** When the applicant accepted the privacy notice (the form is refused without it). */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    /** When the store marked it reviewed; null while unread. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_applications_store_created_idx').on(t.storeId, t.createdAt),
    index('job_applications_created_idx').on(t.createdAt),
  ],
);
