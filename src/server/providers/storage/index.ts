/**
 * File storage adapter: local disk. Public files live under DATA_DIR/uploads, served at /uploads;
 * private files (a seller's licences and tax documents) under DATA_DIR/private, never served statically: the app reads
 * them back with `getPrivate` for a request it has authorised.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StorageProvider {
  /** Writes `data` at `key` (a relative path with forward slashes) in public storage; returns its public URL. */
  put(key: string, data: Buffer): Promise<string>;
  /** Public URL of `key`. */
  url(key: string): string;
  /** Writes `data` at `key` in private storage (not reachable by URL). */
  putPrivate(key: string, data: Buffer): Promise<void>;
  /** Reads a private file; null when it does not exist. */
  getPrivate(key: string): Promise<Buffer | null>;
  /** Deletes `key` from public and private storage; a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
}

/** Local storage rooted at `uploadsDir` (public) and `privateDir` (private; default: a `private` sibling of uploads). */
export function createLocalStorage(uploadsDir: string, privateDir = path.join(path.dirname(uploadsDir), 'private')) {
  const inside = (root: string, key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Bad storage key: ${key}`);
    return full;
  };
  const write = async (full: string, data: Buffer) => {
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.writeFile(full, data);
  };
  const provider: StorageProvider = {
    async put(key, data) {
      await write(inside(uploadsDir, key), data);
      return `/uploads/${key}`;
    },
    url: (key) => `/uploads/${key}`,
    async putPrivate(key, data) {
      await write(inside(privateDir, key), data);
    },
    async getPrivate(key) {
      try {
        return await fs.readFile(inside(privateDir, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      for (const root of [uploadsDir, privateDir])
        await fs.rm(inside(root, key), { force: true }).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        });
    },
  };
  return provider;
}
