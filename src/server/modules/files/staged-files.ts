/**
 * Staged uploads (decision 087): files a background task (the catalogue import, decision 080) stores before the
 * transaction that will use them. `uploadFile(ctx, { …, stagedFor: owner })` records the upload's id in
 * `staged_files` BEFORE anything reaches storage; the task's write transaction calls `keepStagedFiles` for the ones it
 * uses; whatever is still staged afterwards was never committed and `discardStagedFiles` deletes it: its `files` row
 * and every stored size (WebP 160/480/960/1600, or the PDF), public or private. A task discards its leftovers when it
 * fails, when it runs again (a retry after a crash) and after its commit; the hourly `staged-files-sweep` job discards
 * what a task that crashed for good left behind. Every statement is scoped by the store id.
 *
 * Safety: a staged file is deleted only when no row of its store refers to it, by id or by URL (products: gallery,
 * cover, colour photos, packaging photo, image; variants; departments; order lines; the company profile: logo,
 * photos, certificates, documents; the store's settings: logo, icons, banners, carousel, wizard draft; store content
 * pages). A commit and a discard of the same file are serialised by the staged row's lock.
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { files, stagedFiles } from '../../db/schema/files.js';
import { rowsOf } from '../../db/rows.js';
import { runTransaction } from '../../db/transaction.js';
import type { BaseContext, DbOrTx } from '../../lib/context.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { IMAGE_WIDTHS, WIDE_IMAGE_WIDTH } from './image-sizes.js';

type Ctx = { db: DbOrTx; storeId: string };
type StorageCtx = Ctx & { providers: { storage: StorageProvider } };
/** The sweep's context: every store, so no store id (platform-level work, lib/context.ts BaseContext). */
type SweepCtx = Pick<BaseContext, 'db'> & { providers: { storage: StorageProvider } };

/** Staged files older than this are discarded by the sweep: an import attempt runs one hour at most (decision 080). */
export const STAGED_FILES_MAX_AGE_HOURS = 6;

const UUID_RE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Records `fileId` as staged by `owner` (committed at once, before the file is stored). */
export async function stageFileId(ctx: Ctx, fileId: string, owner: string): Promise<void> {
  await ctx.db.insert(stagedFiles).values({ fileId, storeId: ctx.storeId, owner });
}

/**
 * Inside the transaction that makes them part of the store's data: the files `fileIds` (staged by `owner`) are kept.
 * Throws STAGED_FILES_GONE (a plain error, the task fails and is retried) when one was discarded meanwhile (a retry
 * or the sweep ran while this attempt was still working), so the commit never points at a deleted file.
 */
export async function keepStagedFiles(ctx: Ctx, owner: string, fileIds: readonly string[]): Promise<void> {
  const ids = [...new Set(fileIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    const kept = await ctx.db
      .delete(stagedFiles)
      .where(
        and(
          eq(stagedFiles.storeId, ctx.storeId),
          eq(stagedFiles.owner, owner),
          inArray(stagedFiles.fileId, part),
          isNull(stagedFiles.discardedAt),
        ),
      )
      .returning({ id: stagedFiles.fileId });
    if (kept.length !== part.length) throw new Error('STAGED_FILES_GONE');
    const present = await ctx.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.storeId, ctx.storeId), inArray(files.id, part)));
    if (present.length !== part.length) throw new Error('STAGED_FILES_GONE');
  }
}

/**
 * The ids among `ids` that a row of the store refers to (by id, or by a URL holding the id). Conservative: any
 * mention of the id in the rows listed in the module comment counts.
 */
export async function referencedFileIds(ctx: Ctx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const s = ctx.storeId;
  const rows = await ctx.db.execute<{ id: string }>(sql`
    with texts as (
      select p::text as t from products p where p.store_id = ${s}
      union all select v::text from product_variants v where v.store_id = ${s}
      union all select d::text from departments d where d.store_id = ${s}
      union all select i::text from order_items i where i.store_id = ${s}
      union all select c::text from company_profiles c where c.store_id = ${s}
      union all select st::text from stores st where st.id = ${s}
      union all select sc::text from store_content sc where sc.store_id = ${s}
    ),
    mentioned as (select distinct (regexp_matches(t, ${UUID_RE}, 'g'))[1] as id from texts)
    select id from mentioned where id = any(${sql.param([...ids])}::text[])`);
  return new Set(rowsOf<{ id: string }>(rows).map((r) => r.id));
}

/** Every key a stored upload may have (all image sizes, the PDF); removing a missing one is not an error. */
function storageKeys(storeId: string, fileId: string): string[] {
  const base = `${storeId}/files/${fileId}`;
  return [...[...IMAGE_WIDTHS, WIDE_IMAGE_WIDTH].map((w) => `${base}-${w}.webp`), `${base}.webp`, `${base}.pdf`];
}

/**
 * Deletes the files still staged by `owner` in the context's store (all owners when `owner` is null, for the sweep,
 * then only those staged before `olderThan`): their `files` rows, then every stored size, then the staged rows. A
 * staged file that something refers to is kept instead (its staged row is dropped). Safe to run again and at the same
 * time as a commit (rows locked). Returns how many files were deleted.
 */
export async function discardStagedFiles(
  ctx: StorageCtx,
  owner: string | null,
  opts: { olderThan?: Date } = {},
): Promise<number> {
  const where = and(
    eq(stagedFiles.storeId, ctx.storeId),
    owner === null ? undefined : eq(stagedFiles.owner, owner),
    opts.olderThan ? lt(stagedFiles.createdAt, opts.olderThan) : undefined,
  );
  // 1. Under the staged rows' lock: forget the referenced ones, delete the others' files rows, mark them discarded.
  const doomed = await runTransaction(ctx.db, async (tx) => {
    const staged = await tx.select().from(stagedFiles).where(where).for('update');
    if (staged.length === 0) return [];
    const ids = staged.map((r) => r.fileId);
    const used = await referencedFileIds({ db: tx, storeId: ctx.storeId }, ids);
    const keep = ids.filter((id) => used.has(id));
    const drop = ids.filter((id) => !used.has(id));
    if (keep.length)
      await tx.delete(stagedFiles).where(and(eq(stagedFiles.storeId, ctx.storeId), inArray(stagedFiles.fileId, keep)));
    if (drop.length) {
      await tx.delete(files).where(and(eq(files.storeId, ctx.storeId), inArray(files.id, drop)));
      await tx
        .update(stagedFiles)
        .set({ discardedAt: sql`coalesce(${stagedFiles.discardedAt}, now())` })
        .where(and(eq(stagedFiles.storeId, ctx.storeId), inArray(stagedFiles.fileId, drop)));
    }
    return drop;
  });
  // 2. Storage (outside the transaction; a crash here leaves the rows marked, and the next discard finishes).
  for (const id of doomed) {
    for (const key of storageKeys(ctx.storeId, id)) await ctx.providers.storage.remove(key);
    await ctx.db
      .delete(stagedFiles)
      .where(and(eq(stagedFiles.storeId, ctx.storeId), eq(stagedFiles.fileId, id), sql`discarded_at is not null`));
  }
  return doomed.length;
}

/**
 * The sweep (job `staged-files-sweep`): for every store with files staged more than STAGED_FILES_MAX_AGE_HOURS ago,
 * discards them (a task that crashed on its last attempt never cleans up itself). Returns the files deleted.
 */
export async function sweepStagedFiles(ctx: SweepCtx, now = new Date()): Promise<number> {
  const olderThan = new Date(now.getTime() - STAGED_FILES_MAX_AGE_HOURS * 3600_000);
  const stores = await ctx.db
    .selectDistinct({ storeId: stagedFiles.storeId })
    .from(stagedFiles)
    .where(lt(stagedFiles.createdAt, olderThan));
  let deleted = 0;
  for (const { storeId } of stores) deleted += await discardStagedFiles({ ...ctx, storeId }, null, { olderThan });
  return deleted;
}
