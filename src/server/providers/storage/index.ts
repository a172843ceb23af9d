/**
 * File storage: the interface, and its default adapter, local disk. Public files live under DATA_DIR/uploads, served
 * at /uploads; private files (a seller's licences and tax documents) under DATA_DIR/private, never served statically:
 * the app reads them back with `getPrivate` for a request it has authorised. The other adapter, an S3-compatible
 * object store (decision 144), is in s3.ts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the app keeps uploaded files. A key is a relative path with forward slashes (`<store id>/files/<id>-480.webp`);
 * every method throws `Bad storage key: <key>` for one that could leave its folder or prefix (`..`, an absolute path).
 */
export interface StorageProvider {
  /** Writes `data` at `key` (a relative path with forward slashes) in public storage; returns its public URL. */
  put(key: string, data: Buffer): Promise<string>;
  /** Public URL of `key`. */
  url(key: string): string;
  /** Reads a public file; null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Writes `data` at `key` in private storage (not reachable by URL). */
  putPrivate(key: string, data: Buffer): Promise<void>;
  /** Reads a private file; null when it does not exist. */
  getPrivate(key: string): Promise<Buffer | null>;
  /**
   * A URL that reads the private file `key` for `seconds` (1 to 604800) without any other credential, or null when the
   * storage cannot make one (local disk: the app serves private files itself, through its authorised route). Anyone
   * holding the URL can read the file until it expires: hand it only to a request already authorised for the file.
   */
  privateUrl(key: string, seconds: number): Promise<string | null>;
  /** Deletes `key` from public and private storage; a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
}

/** The bytes `read` gives, or null when the file does not exist (ENOENT); any other error is thrown. */
async function orNull(read: Promise<Buffer>): Promise<Buffer | null> {
  try {
    return await read;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
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
    async get(key) {
      return orNull(fs.readFile(inside(uploadsDir, key)));
    },
    async putPrivate(key, data) {
      await write(inside(privateDir, key), data);
    },
    async getPrivate(key) {
      return orNull(fs.readFile(inside(privateDir, key)));
    },
    async privateUrl(key) {
      inside(privateDir, key);
      return null;
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
