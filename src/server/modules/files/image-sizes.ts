/**
 * WebP size variants of an image (decision 012): the web picks one with `srcset` from the base URL + "-<width>.webp".
 * Used by uploads and by the demo seed. The source is decoded once, in an image job (image-jobs.ts, decision 105).
 */
import sharp from 'sharp';
import type { StorageProvider } from '../../providers/storage/index.js';
import { runImageJob } from './image-jobs.js';
import { MAX_IMAGE_PIXELS } from '../../../shared/contracts/files.js';

/** Widths of every stored image; banners and carousel images also get WIDE_IMAGE_WIDTH. */
export const IMAGE_WIDTHS = [160, 480, 960] as const;
export const WIDE_IMAGE_WIDTH = 1600;

/**
 * Largest image decoded (pixels; decision 105): 25 megapixels, a 6000 × 4000 camera photo. A product photo needs
 * 350 × 350 and the largest stored size is 1600 px wide; more pixels only cost memory and CPU. Uploads check it from
 * the header before decoding; sharp refuses to decode beyond it anyway (a decompression bomb).
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;

/**
 * Writes `${keyBase}-<w>.webp` for each width (fit inside a w×w box, or w wide when `wide`), EXIF-rotated and with
 * metadata stripped; returns the public URL base. `skip(key)` lets a caller keep sizes it already has (the seed).
 * Runs as one image job: SERVER_BUSY (503) when the queue is full, unless `background` (then it waits its turn).
 * The source is decoded once, to the largest size; the smaller ones are made from that.
 */
export async function storeImageSizes(
  storage: StorageProvider,
  source: Buffer,
  keyBase: string,
  opts: { wide?: boolean; skip?: (key: string) => boolean | Promise<boolean>; background?: boolean } = {},
): Promise<string> {
  const widths: number[] = opts.wide ? [...IMAGE_WIDTHS, WIDE_IMAGE_WIDTH] : [...IMAGE_WIDTHS];
  const wanted: number[] = [];
  for (const w of widths) if (!(await opts.skip?.(`${keyBase}-${w}.webp`))) wanted.push(w);
  if (wanted.length === 0) return storage.url(keyBase);
  const box = (w: number) =>
    opts.wide ? { width: w, withoutEnlargement: true } : { width: w, height: w, fit: 'inside' as const };
  const files = await runImageJob(
    async () => {
      // One decode: EXIF-rotated and reduced to the largest size wanted, kept as raw pixels for the others.
      const largest = Math.max(...wanted);
      const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(box(largest))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      // One after the other: a job holds one thread of libuv's pool, not one per size.
      const out: { key: string; data: Buffer }[] = [];
      for (const w of wanted)
        out.push({
          key: `${keyBase}-${w}.webp`,
          data: await sharp(data, raw)
            .resize(box(w))
            .webp({ quality: w <= 160 ? 70 : 78 })
            .toBuffer(),
        });
      return out;
    },
    { background: opts.background },
  );
  for (const f of files) await storage.put(f.key, f.data);
  return storage.url(keyBase);
}
