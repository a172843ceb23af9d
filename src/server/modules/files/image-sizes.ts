/**
 * WebP size variants of an image (decision 012): the web picks one with `srcset` from the base URL + "-<width>.webp".
 * Used by uploads and by the demo seed.
 */
import sharp from 'sharp';
import type { StorageProvider } from '../../providers/storage/index.js';

/** Widths of every stored image; banners and carousel images also get WIDE_IMAGE_WIDTH. */
export const IMAGE_WIDTHS = [160, 480, 960] as const;
export const WIDE_IMAGE_WIDTH = 1600;

/**
 * Writes `${keyBase}-<w>.webp` for each width (fit inside a w×w box, or w wide when `wide`), EXIF-rotated and with
 * metadata stripped; returns the public URL base. `skip(key)` lets a caller keep sizes it already has (the seed).
 */
export async function storeImageSizes(
  storage: StorageProvider,
  source: Buffer,
  keyBase: string,
  opts: { wide?: boolean; skip?: (key: string) => boolean } = {},
): Promise<string> {
  const widths: number[] = opts.wide ? [...IMAGE_WIDTHS, WIDE_IMAGE_WIDTH] : [...IMAGE_WIDTHS];
  for (const w of widths) {
    const key = `${keyBase}-${w}.webp`;
    if (opts.skip?.(key)) continue;
    const out = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(opts.wide ? { width: w, withoutEnlargement: true } : { width: w, height: w, fit: 'inside' })
      .webp({ quality: w <= 160 ? 70 : 78 })
      .toBuffer();
    await storage.put(key, out);
  }
  return storage.url(keyBase);
}

/** Largest image sharp will decode (pixels): a decompression bomb is refused instead of filling memory. */
export const MAX_INPUT_PIXELS = 50_000_000;
