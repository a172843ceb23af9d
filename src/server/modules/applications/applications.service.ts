/**
 * Job applications of a store (the storefront's `/bolsa_trabajo`; decisions 168, 169). A shopper sends the public form with a
 * CV; the CV must be a PDF by its content (file-type reads its magic bytes: a PNG renamed `.pdf` is refused) and is
 * written to private storage under `<store>/applications/<id>.pdf`, never to a public URL; only the store's seller
 * with the 'settings' permission lists, reads, downloads, marks reviewed and deletes them. A row and its file are
 * deleted 12 months after it was sent (the daily job). Every query is scoped by ctx.storeId.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { jobApplications } from '../../db/schema/applications.js';
import { runTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/index.js';
import { AppError } from '../../lib/app-error.js';
import type { BaseContext, Locale, StoreContext, StoreDbContext } from '../../lib/context.js';
import { MAX_FILE_BYTES } from '../../../shared/contracts/files.js';
import {
  JOB_APPLICATION_RETENTION_MONTHS,
  JOB_APPLICATIONS_PAGE_SIZE,
  type JobApplication,
  type JobApplicationFields,
  type JobApplicationList,
  type JobApplicationQuery,
} from '../../../shared/contracts/applications.js';

type Row = typeof jobApplications.$inferSelect;
type StorageContext = Pick<StoreContext, 'db' | 'storeId' | 'providers'>;

/** `date` plus `months` calendar months (UTC). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

function toApplication(r: Row): JobApplication {
  return {
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    phone: r.phone,
    position: r.position,
    letter: r.letter,
    cvName: r.cvName,
    cvBytes: r.cvBytes,
    locale: r.locale === 'en' ? 'en' : 'es',
    reviewed: r.reviewedAt !== null,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    deleteAfter: addMonths(r.createdAt, JOB_APPLICATION_RETENTION_MONTHS).toISOString(),
  };
}

/**
 * Whether `data` is a PDF by its content (its magic bytes through file-type), whatever its name says.
 * Throws FILE_REQUIRED (empty), FILE_TOO_LARGE (over 5 MB), JOB_CV_NOT_PDF (415: anything else).
 */
export async function assertPdf(data: Buffer): Promise<void> {
  if (data.length === 0) throw new AppError('FILE_REQUIRED');
  if (data.length > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE', { maxMb: MAX_FILE_BYTES / 1024 / 1024 });
  const type = await fileTypeFromBuffer(data);
  if (type?.mime !== 'application/pdf') throw new AppError('JOB_CV_NOT_PDF');
}

/**
 * Stores one application of the context's store: the CV (checked with assertPdf) in private storage, then the row,
 * and the owners' email job in the same transaction. `fields` are already validated (jobApplicationFields); `locale`
 * is the language the applicant wrote in. Returns the new id. Throws what assertPdf throws.
 */
export async function submitJobApplication(
  ctx: StorageContext & { locale: Locale },
  fields: JobApplicationFields,
  cv: { data: Buffer; fileName: string },
): Promise<{ id: string }> {
  await assertPdf(cv.data);
  const id = randomUUID();
  const cvKey = `${ctx.storeId}/applications/${id}.pdf`;
  const cvName = cv.fileName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'cv.pdf';
  await ctx.providers.storage.putPrivate(cvKey, cv.data);
  try {
    await runTransaction(ctx.db, async (tx) => {
      await tx.insert(jobApplications).values({
        id,
        storeId: ctx.storeId,
        fullName: fields.fullName,
        email: fields.email,
        phone: fields.phone,
        position: fields.position,
        letter: fields.letter,
        cvKey,
        cvName,
        cvBytes: cv.data.length,
        locale: ctx.locale,
        consentAt: new Date(),
      });
      await enqueue(tx, 'job-application-email', { storeId: ctx.storeId, applicationId: id });
    });
  } catch (err) {
    // No row points at the file: it would never be deleted.
    await ctx.providers.storage.remove(cvKey).catch(() => undefined);
    throw err;
  }
  return { id };
}

/** The store's applications, newest first, one page (`query.page` from 1), with the totals the admin shows. */
export async function listJobApplications(
  ctx: StoreDbContext,
  query: JobApplicationQuery,
): Promise<JobApplicationList> {
  const scope = eq(jobApplications.storeId, ctx.storeId);
  const filter: SQL | undefined =
    query.status === 'unread'
      ? isNull(jobApplications.reviewedAt)
      : query.status === 'reviewed'
        ? isNotNull(jobApplications.reviewedAt)
        : undefined;
  const where = filter ? and(scope, filter) : scope;
  const rows = await ctx.db
    .select()
    .from(jobApplications)
    .where(where)
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(JOB_APPLICATIONS_PAGE_SIZE)
    .offset((query.page - 1) * JOB_APPLICATIONS_PAGE_SIZE);
  const [total] = await ctx.db.select({ n: count() }).from(jobApplications).where(where);
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(jobApplications)
    .where(and(scope, isNull(jobApplications.reviewedAt)));
  return {
    applications: rows.map(toApplication),
    total: Number(total?.n ?? 0),
    unread: Number(unread?.n ?? 0),
    page: query.page,
    pageSize: JOB_APPLICATIONS_PAGE_SIZE,
  };
}

async function findRow(ctx: StoreDbContext, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.storeId, ctx.storeId), eq(jobApplications.id, id)))
    .limit(1);
  if (!row) throw new AppError('JOB_APPLICATION_NOT_FOUND');
  return row;
}

/** One application of the store. Throws JOB_APPLICATION_NOT_FOUND (404) when it is not this store's. */
export async function getJobApplication(ctx: StoreDbContext, id: string): Promise<JobApplication> {
  return toApplication(await findRow(ctx, id));
}

/**
 * The CV of one application of the store, for its authorised download: bytes and a safe file name.
 * Throws JOB_APPLICATION_NOT_FOUND (not this store's), FILE_NOT_FOUND (its file is gone).
 */
export async function readJobApplicationCv(
  ctx: StorageContext,
  id: string,
): Promise<{ data: Buffer; fileName: string }> {
  const row = await findRow(ctx, id);
  const data = await ctx.providers.storage.getPrivate(row.cvKey);
  if (!data) throw new AppError('FILE_NOT_FOUND');
  const stem = row.cvName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'cv';
  return { data, fileName: `${stem}.pdf` };
}

/** Marks an application reviewed (now) or unread again. Throws JOB_APPLICATION_NOT_FOUND. */
export async function setJobApplicationReviewed(ctx: StoreDbContext, id: string, reviewed: boolean): Promise<void> {
  const done = await ctx.db
    .update(jobApplications)
    .set({ reviewedAt: reviewed ? new Date() : null })
    .where(and(eq(jobApplications.storeId, ctx.storeId), eq(jobApplications.id, id)))
    .returning({ id: jobApplications.id });
  if (!done.length) throw new AppError('JOB_APPLICATION_NOT_FOUND');
}

/** Deletes an application and its CV file. Throws JOB_APPLICATION_NOT_FOUND. */
export async function deleteJobApplication(ctx: StorageContext, id: string): Promise<void> {
  const [gone] = await ctx.db
    .delete(jobApplications)
    .where(and(eq(jobApplications.storeId, ctx.storeId), eq(jobApplications.id, id)))
    .returning({ cvKey: jobApplications.cvKey });
  if (!gone) throw new AppError('JOB_APPLICATION_NOT_FOUND');
  await ctx.providers.storage.remove(gone.cvKey);
}

/**
 * The retention rule (decision 169), every store: applications sent before `now` minus 12 months are deleted, the
 * file first and then the row (a run stopped between the two leaves a row the next run deletes, never a file no row
 * points at). Returns how many were deleted. Safe to run again.
 */
export async function expireJobApplications(
  ctx: Pick<BaseContext, 'db' | 'providers'>,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = addMonths(now, -JOB_APPLICATION_RETENTION_MONTHS);
  let deleted = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ id: jobApplications.id, storeId: jobApplications.storeId, cvKey: jobApplications.cvKey })
      .from(jobApplications)
      .where(lt(jobApplications.createdAt, cutoff))
      .limit(200);
    for (const r of batch) {
      await ctx.providers.storage.remove(r.cvKey);
      await ctx.db
        .delete(jobApplications)
        .where(and(eq(jobApplications.storeId, r.storeId), eq(jobApplications.id, r.id)));
    }
    deleted += batch.length;
    if (batch.length < 200) return deleted;
  }
}

/** The application an owners' email is about, or null when it was deleted meanwhile. */
export async function findJobApplication(ctx: StoreDbContext, id: string): Promise<JobApplication | null> {
  try {
    return await getJobApplication(ctx, id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'JOB_APPLICATION_NOT_FOUND') return null;
    throw err;
  }
}
