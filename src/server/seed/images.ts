/**
 * Product and banner images for the seed: each source WebP becomes 160, 480 and 960 px wide WebP variants in
 * storage (decision 012). The web picks a size with srcset from the base URL + "-<size>.webp".
 */
import sharp from 'sharp';
import type { StorageProvider } from '../providers/storage/index.js';
import { storeImageSizes as writeImageSizes } from '../modules/files/index.js';

/**
 * The uploads' size variants of `source` under `<keyBase>-<w>.webp`, keeping sizes already in storage (re-seeding),
 * asked of the storage itself: the uploads folder, or the S3 bucket (decision 144).
 */
export function storeImageSizes(storage: StorageProvider, source: Buffer, keyBase: string): Promise<string> {
  return writeImageSizes(storage, source, keyBase, {
    skip: async (key) => (await storage.get(key)) !== null,
    background: true,
  });
}

/**
 * A 1600×600 carousel banner (WebP): a diagonal gradient in the store colours with the product photo on the right.
 * The seed stores it as a banner upload (files module), which writes its 160-1600 px sizes (decision 084).
 */
export async function composeBanner(productImage: Buffer, colors: { from: string; to: string }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.from}"/><stop offset="1" stop-color="${colors.to}"/></linearGradient></defs><rect width="1600" height="600" fill="url(#g)"/><circle cx="1180" cy="300" r="270" fill="#ffffff" fill-opacity="0.92"/></svg>`;
  const photo = await sharp(productImage)
    .resize(440, 440, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: photo, left: 960, top: 80 }])
    .webp({ quality: 90 })
    .toBuffer();
}

/** A square SVG icon with the store's initials (favicon and logo of the demo stores). */
export async function storeInitialsIcon(
  storage: StorageProvider,
  key: string,
  initials: string,
  color: string,
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="42" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  await storage.put(key, Buffer.from(svg));
  return storage.url(key);
}
