/**
 * File storage adapter: an S3-compatible object store (AWS S3, MinIO, R2, s3rver; decision 144), so that every
 * instance reads and writes the same files. One bucket, three prefixes:
 * - `public/<key>`: public files, served by the bucket (or a CDN in front of it) at `<publicUrl>/<key>`; the bucket
 *   policy grants anonymous reads of this prefix only;
 * - `private/<key>`: private files (a seller's documents), never publicly readable; read back with `getPrivate`, or
 *   for a while by whoever holds a presigned URL from `privateUrl`;
 * - `tmp/<uuid>`: an upload being written. Each write goes to a new temporary key, is copied to its final key and the
 *   temporary one deleted, so the final key only ever holds a whole object and an interrupted write leaves at most an
 *   orphan under `tmp/`, which a lifecycle rule expires (one day).
 * Errors of the service (credentials, a missing bucket, the network) are thrown as the SDK's S3ServiceException.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../../config.js';
import type { StorageProvider } from './index.js';

/** The settings the adapter needs (AppConfig's S3_*); `S3_BUCKET` set. */
export type S3Settings = Pick<
  AppConfig,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PUBLIC_URL'
> & { S3_BUCKET: string };

export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';
export const TEMP_PREFIX = 'tmp/';

/** Longest life of a presigned URL (SigV4's limit), seconds. */
const MAX_URL_SECONDS = 7 * 24 * 3600;

/** Content types by extension; anything else is application/octet-stream (a browser then downloads it). */
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type of `key`, from its extension (case-insensitive). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * `key` when it is a relative path of plain segments; throws `Bad storage key: <key>` otherwise (empty, absolute,
 * `.`/`..`/empty segments, backslashes or control characters), as local storage refuses a key leaving its folder.
 */
function checkKey(key: string): string {
  const bad =
    !key ||
    key.length > 900 ||
    /[\\\u0000-\u001f\u007f]/.test(key) ||
    key.split('/').some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw new Error(`Bad storage key: ${key}`);
  return key;
}

/**
 * The URL under which the bucket's `public/` prefix is served, without a trailing slash: S3_PUBLIC_URL, else the
 * bucket's own address: `<endpoint>/<bucket>/public` (path style), `<scheme>://<bucket>.<endpoint host>/public`, or
 * AWS's `https://<bucket>.s3.<region>.amazonaws.com/public`.
 */
export function s3PublicBase(s: S3Settings): string {
  if (s.S3_PUBLIC_URL) return s.S3_PUBLIC_URL.replace(/\/+$/, '');
  const prefix = PUBLIC_PREFIX.slice(0, -1);
  if (!s.S3_ENDPOINT) return `https://${s.S3_BUCKET}.s3.${s.S3_REGION}.amazonaws.com/${prefix}`;
  const endpoint = new URL(s.S3_ENDPOINT);
  const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
  if (s.S3_FORCE_PATH_STYLE) return `${base}/${s.S3_BUCKET}/${prefix}`;
  return `${endpoint.protocol}//${s.S3_BUCKET}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}/${prefix}`;
}

/** Whether `err` is the service's answer that the object does not exist. */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Storage in the bucket `S3_BUCKET`; nothing is sent until the first call (a bad setting fails there). */
export function createS3Storage(s: S3Settings): StorageProvider {
  const options: S3ClientConfig = {
    region: s.S3_REGION,
    forcePathStyle: s.S3_FORCE_PATH_STYLE,
    // Checksums only where the API requires them: S3-compatible stores do not all know the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (s.S3_ENDPOINT) options.endpoint = s.S3_ENDPOINT;
  if (s.S3_ACCESS_KEY_ID && s.S3_SECRET_ACCESS_KEY)
    options.credentials = { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY };
  const client = new S3Client(options);
  const Bucket = s.S3_BUCKET;
  const publicBase = s3PublicBase(s);

  /** Writes `data` at `finalKey` through a temporary key (module comment); the temporary key is gone afterwards. */
  const write = async (finalKey: string, data: Buffer, cacheControl: string) => {
    const temp = `${TEMP_PREFIX}${randomUUID()}`;
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: temp,
        Body: data,
        ContentType: contentTypeOf(finalKey),
        CacheControl: cacheControl,
      }),
    );
    try {
      // The copy keeps the temporary object's metadata (Content-Type, Cache-Control).
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: finalKey,
          CopySource: `${Bucket}/${temp.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'COPY',
        }),
      );
    } finally {
      // A failed copy leaves nothing behind either; if this delete fails too, the lifecycle rule expires the orphan.
      await client.send(new DeleteObjectCommand({ Bucket, Key: temp })).catch(() => undefined);
    }
  };
  const read = async (fullKey: string): Promise<Buffer | null> => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: fullKey }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };
  const url = (key: string) => `${publicBase}/${checkKey(key).split('/').map(encodeURIComponent).join('/')}`;

  return {
    async put(key, data) {
      // Public files are written once under new names (uuids, codes): a week in caches, as /uploads is served.
      await write(PUBLIC_PREFIX + checkKey(key), data, 'public, max-age=604800');
      return url(key);
    },
    url,
    async get(key) {
      return read(PUBLIC_PREFIX + checkKey(key));
    },
    async putPrivate(key, data) {
      await write(PRIVATE_PREFIX + checkKey(key), data, 'private, no-store');
    },
    async getPrivate(key) {
      return read(PRIVATE_PREFIX + checkKey(key));
    },
    async privateUrl(key, seconds) {
      const expiresIn = Math.min(MAX_URL_SECONDS, Math.max(1, Math.floor(seconds)));
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: PRIVATE_PREFIX + checkKey(key) }), {
        expiresIn,
      });
    },
    async remove(key) {
      checkKey(key);
      // Deleting a key that does not exist succeeds (204) on S3 and the compatible stores.
      for (const prefix of [PUBLIC_PREFIX, PRIVATE_PREFIX])
        await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + key })).catch((err: unknown) => {
          if (!isMissing(err)) throw err;
        });
    },
  };
}
