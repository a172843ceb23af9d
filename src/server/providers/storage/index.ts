/**
 * File storage adapter (DESIGN.md "Files"): local disk under DATA_DIR/uploads, served at /uploads.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StorageProvider {
  /** Writes `data` at `key` (a relative path with forward slashes); returns its public URL. */
  put(key: string, data: Buffer): Promise<string>;
  /** Public URL of `key`. */
  url(key: string): string;
}

export function createLocalStorage(uploadsDir: string): StorageProvider {
  const safe = (key: string) => {
    const full = path.resolve(uploadsDir, key);
    if (!full.startsWith(path.resolve(uploadsDir) + path.sep)) throw new Error(`Bad storage key: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = safe(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, data);
      return `/uploads/${key}`;
    },
    url: (key) => `/uploads/${key}`,
  };
}
