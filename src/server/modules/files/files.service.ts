/**
 * Uploads of a store (image rules). An upload is checked on the server whatever the browser did:
 * its real type from its bytes (PDF magic number, or an image sharp can decode: JPEG, PNG, WebP, GIF, AVIF; never SVG),
 * its size (under 5 MB), and for main photos at least 350 × 350 pixels with a width/height ratio between 3:4 and 4:3
 * (after EXIF rotation), at most 25 megapixels (decision 105). Images are stored as WebP sizes with their metadata (GPS…)
 * stripped, decoded in the bounded image jobs (image-jobs.ts); documents are stored privately and read back only
 * through the seller's authorised route.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { files } from '../../db/schema/files.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext, StoreDbContext } from '../../lib/context.js';
import {
  FILE_RULES,
  IMAGE_FORMATS,
  MAX_FILE_BYTES,
  type FilePurpose,
  type UploadedFile,
} from '../../../shared/contracts/files.js';
import { MAX_INPUT_PIXELS, storeImageSizes } from './image-sizes.js';
import { runImageJob } from './image-jobs.js';
import { stageFileId } from './staged-files.js';

/** Purposes whose files are private (a seller's licences, tax and address documents): never served by URL. */
const PRIVATE_PURPOSES: ReadonlySet<FilePurpose> = new Set(['document', 'message_attachment']);

/** Purposes whose images are wide (banners, carousel): they get the 1600 px size too. */
const WIDE_PURPOSES: ReadonlySet<FilePurpose> = new Set(['banner', 'carousel']);

type Row = typeof files.$inferSelect;

function toUploaded(r: Row): UploadedFile {
  return {
    id: r.id,
    purpose: r.purpose as FilePurpose,
    kind: r.kind as 'image' | 'pdf',
    url: r.url,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    originalName: r.originalName,
  };
}

const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * Width and height as displayed (EXIF orientations 5-8 swap them), read from the header only (nothing is decoded:
 * a 49-megapixel PNG of 60 KB is measured in milliseconds); null when sharp cannot read an allowed image.
 */
async function imageSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (!meta.format || !(IMAGE_FORMATS as readonly string[]).includes(meta.format)) return null;
    if (!meta.width || !meta.height) return null;
    const swap = (meta.orientation ?? 1) >= 5;
    return swap ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/**
 * Checks and stores one upload of the context's store; returns its record. `data` is the whole file. `stagedFor`
 * (a background task, e.g. "catalog-import:<job id>") records the upload as staged before it is stored, so a task that
 * does not commit leaves nothing behind (decision 087; staged-files.ts).
 * Throws FILE_REQUIRED (empty), FILE_TOO_LARGE (≥ 5 MB), FILE_NOT_IMAGE / FILE_NOT_IMAGE_OR_PDF (type not allowed for
 * `purpose`), IMAGE_TOO_MANY_PIXELS (over MAX_INPUT_PIXELS, from the header, before decoding), IMAGE_TOO_SMALL (under
 * the purpose's minimum side), IMAGE_ASPECT_RATIO (outside 3:4-4:3), SERVER_BUSY (503: the image jobs' queue is full;
 * a staged upload of a background task waits instead, decision 105).
 */
export async function uploadFile(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  input: { purpose: FilePurpose; data: Buffer; originalName: string; stagedFor?: string },
): Promise<UploadedFile> {
  const { purpose, data } = input;
  const rule = FILE_RULES[purpose];
  if (data.length === 0) throw new AppError('FILE_REQUIRED');
  if (data.length > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE', { maxMb: MAX_FILE_BYTES / 1024 / 1024 });
  const id = randomUUID();
  const originalName = input.originalName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  const base = { id, storeId: ctx.storeId, purpose, bytes: data.length, originalName };
  const stage = async () => {
    if (input.stagedFor) await stageFileId(ctx, id, input.stagedFor);
  };

  if (isPdf(data)) {
    if (!rule.pdf) throw new AppError('FILE_NOT_IMAGE');
    await stage();
    const key = `${ctx.storeId}/files/${id}.pdf`;
    let url: string;
    if (PRIVATE_PURPOSES.has(purpose)) {
      await ctx.providers.storage.putPrivate(key, data);
      url = `/api/proveedor/files/${id}/content`;
    } else {
      url = await ctx.providers.storage.put(key, data);
    }
    const [row] = await ctx.db
      .insert(files)
      .values({ ...base, kind: 'pdf', url })
      .returning();
    return toUploaded(row!);
  }

  const size = await imageSize(data);
  if (!size) throw new AppError(rule.pdf ? 'FILE_NOT_IMAGE_OR_PDF' : 'FILE_NOT_IMAGE');
  if (size.width * size.height > MAX_INPUT_PIXELS)
    throw new AppError('IMAGE_TOO_MANY_PIXELS', {
      width: size.width,
      height: size.height,
      max: MAX_INPUT_PIXELS / 1_000_000,
    });
  if (rule.minSide && (size.width < rule.minSide || size.height < rule.minSide))
    throw new AppError('IMAGE_TOO_SMALL', { min: rule.minSide, width: size.width, height: size.height });
  const ratio = size.width / size.height;
  if (rule.aspect && (ratio < rule.aspect.min - 1e-9 || ratio > rule.aspect.max + 1e-9))
    throw new AppError('IMAGE_ASPECT_RATIO', { width: size.width, height: size.height });

  // A background task (it stages its uploads) waits for an image slot; a seller's upload is refused when they are full.
  const background = input.stagedFor !== undefined;
  await stage();
  let url: string;
  if (PRIVATE_PURPOSES.has(purpose)) {
    const webp = await runImageJob(
      () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().webp({ quality: 85 }).toBuffer(),
      { background },
    );
    await ctx.providers.storage.putPrivate(`${ctx.storeId}/files/${id}.webp`, webp);
    url = `/api/proveedor/files/${id}/content`;
  } else {
    url = await storeImageSizes(ctx.providers.storage, data, `${ctx.storeId}/files/${id}`, {
      wide: WIDE_PURPOSES.has(purpose),
      background,
    });
  }
  const [row] = await ctx.db
    .insert(files)
    .values({ ...base, kind: 'image', url, width: size.width, height: size.height })
    .returning();
  return toUploaded(row!);
}

/** One upload of the context's store. Throws FILE_NOT_FOUND (404) when it is not this store's. */
export async function getStoreFile(ctx: StoreDbContext, id: string): Promise<UploadedFile> {
  const rows = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.storeId, ctx.storeId), eq(files.id, id)))
    .limit(1);
  if (!rows[0]) throw new AppError('FILE_NOT_FOUND');
  return toUploaded(rows[0]);
}

/**
 * Checks that every id is an upload of the context's store made for one of `purposes` (a form may only point at the
 * store's own files, uploaded for that use); returns them by id. Throws FILE_REFERENCE_INVALID (422) otherwise.
 */
export async function assertStoreFiles(
  ctx: StoreDbContext,
  ids: readonly string[],
  purposes: readonly FilePurpose[],
): Promise<Map<string, UploadedFile>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.storeId, ctx.storeId), inArray(files.id, unique)));
  const found = new Map(rows.map((r) => [r.id, toUploaded(r)]));
  for (const id of unique) {
    const f = found.get(id);
    if (!f || !purposes.includes(f.purpose)) throw new AppError('FILE_REFERENCE_INVALID', { id });
  }
  return found;
}

/**
 * The bytes of a private upload of the context's store (a company document), for its authorised download.
 * Throws FILE_NOT_FOUND when it is not this store's or not private.
 */
export async function readPrivateFile(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  id: string,
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const f = await getStoreFile(ctx, id);
  if (!PRIVATE_PURPOSES.has(f.purpose)) throw new AppError('FILE_NOT_FOUND');
  const ext = f.kind === 'pdf' ? 'pdf' : 'webp';
  const data = await ctx.providers.storage.getPrivate(`${ctx.storeId}/files/${id}.${ext}`);
  if (!data) throw new AppError('FILE_NOT_FOUND');
  const stem = f.originalName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'documento';
  return { data, contentType: f.kind === 'pdf' ? 'application/pdf' : 'image/webp', fileName: `${stem}.${ext}` };
}
