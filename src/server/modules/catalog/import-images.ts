/**
 * Product photos by URL for the catalogue import (decision 080). A Shopify file names its images
 * by URL (`Image Src`, `Variant Image`, usually on cdn.shopify.com); the import job downloads each distinct URL once,
 * before its write transaction, with these safeguards:
 *
 * - http and https only; at most 3 redirects, each one checked again;
 * - the connection is refused when the host resolves to a private, loopback, link-local, metadata or other non-public
 *   address (request-filtering-agent checks the address actually connected to, after DNS, so DNS rebinding and
 *   redirects to internal hosts are refused too); IMPORT_IMAGE_ALLOWED_ADDRESSES lists exceptions (tests only);
 * - 20 s for the whole download, at most MAX_FILE_BYTES (5 MB) read, 4 downloads at once;
 * - the bytes then go through the files module's uploadFile as a `product_photo`: the same sharp checks (a real image,
 *   at least 350 × 350, ratio 3:4 to 4:3) and WebP sizes as a photo uploaded in the product form.
 *
 * A URL that fails gives a reason (CsvRowReason) for every line that names it; nothing is written by the caller then.
 */
import http from 'node:http';
import https from 'node:https';
import pLimit from 'p-limit';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { MAX_FILE_BYTES, type UploadedFile } from '../../../shared/contracts/files.js';
import type { CsvRowReason } from '../../../shared/contracts/catalog-csv.js';
import { uploadFile } from '../files/index.js';

/** Whole-download time limit (connection, redirects and body), milliseconds. */
export const IMAGE_DOWNLOAD_TIMEOUT_MS = 20_000;
/** Downloads (and sharp conversions) at once. */
export const IMAGE_DOWNLOAD_CONCURRENCY = 4;
const MAX_REDIRECTS = 3;

/** A download that failed, with the reason shown to the seller for each line naming the URL. */
export class ImageFetchError extends Error {
  constructor(readonly reason: CsvRowReason) {
    super(reason);
  }
}

/** The agents of one import: the address filter, with the configured exceptions (IP or CIDR). */
export interface ImageAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/** Agents that refuse non-public addresses except `allowed` (IMPORT_IMAGE_ALLOWED_ADDRESSES). Call destroy() after. */
export function createImageAgents(allowed: readonly string[]): ImageAgents {
  const options = { allowIPAddressList: [...allowed], keepAlive: true, maxSockets: IMAGE_DOWNLOAD_CONCURRENCY };
  const agents = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
}

/** A URL an import may download: absolute http(s) without credentials; null otherwise. */
export function parseImageUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || value.length > 2000) return null;
  return url;
}

type Step = { redirect: string } | { data: Buffer };

function getOnce(url: URL, agents: ImageAgents, signal: AbortSignal, maxBytes: number): Promise<Step> {
  return new Promise((resolve, reject) => {
    const failed = (reason: CsvRowReason = 'image_download_failed') => reject(new ImageFetchError(reason));
    const secure = url.protocol === 'https:';
    const req = (secure ? https : http).get(
      url,
      {
        agent: secure ? agents.https : agents.http,
        signal,
        headers: { accept: 'image/*', 'user-agent': 'Vitrina catalog import' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ redirect: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          failed();
          return;
        }
        if (Number(res.headers['content-length']) > maxBytes) {
          res.destroy();
          failed('image_too_large');
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            failed('image_too_large');
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ data: Buffer.concat(chunks) }));
        res.on('error', () => failed());
        res.on('close', () => {
          if (!res.complete) failed();
        });
      },
    );
    req.on('error', () => failed());
  });
}

/**
 * Downloads one image URL with the safeguards above. Throws ImageFetchError: image_url_invalid (not http/https, or a
 * redirect to such a URL), image_too_large (over `maxBytes`), image_download_failed (refused address, DNS or network
 * error, a status other than 200, too many redirects, timeout).
 */
export async function downloadImage(
  value: string,
  agents: ImageAgents,
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<Buffer> {
  let url = parseImageUrl(value);
  if (!url) throw new ImageFetchError('image_url_invalid');
  const signal = AbortSignal.timeout(opts.timeoutMs ?? IMAGE_DOWNLOAD_TIMEOUT_MS);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const step = await getOnce(url, agents, signal, opts.maxBytes ?? MAX_FILE_BYTES);
    if ('data' in step) return step.data;
    let next: URL | null;
    try {
      next = parseImageUrl(new URL(step.redirect, url).href);
    } catch {
      next = null;
    }
    if (!next) throw new ImageFetchError('image_url_invalid');
    url = next;
  }
  throw new ImageFetchError('image_download_failed');
}

/** The files module's refusals of an image, as the import's reasons. */
function reasonOf(err: unknown): CsvRowReason {
  if (err instanceof ImageFetchError) return err.reason;
  if (err instanceof AppError)
    // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- only image refusals; others rethrown
    switch (err.code) {
      case 'FILE_TOO_LARGE':
        return 'image_too_large';
      case 'IMAGE_TOO_MANY_PIXELS':
        return 'image_too_many_pixels';
      case 'IMAGE_TOO_SMALL':
        return 'image_too_small';
      case 'IMAGE_ASPECT_RATIO':
        return 'image_aspect_ratio';
      case 'FILE_REQUIRED':
      case 'FILE_NOT_IMAGE':
      case 'FILE_NOT_IMAGE_OR_PDF':
        return 'image_not_image';
    }
  throw err;
}

/**
 * Downloads every URL (each once) and stores it through the files module as a `product_photo` of the store: the map
 * gives each URL its stored file or the reason it failed. With `stagedFor` every stored file is staged (decision 087). `onDone(n)` is called as downloads finish (progress).
 * Errors other than a download or an image refusal (the database, the storage) are thrown.
 */
export async function importImages(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  urls: readonly string[],
  opts: {
    allowedAddresses: readonly string[];
    /** The task the stored files are staged for (decision 087): discarded unless its commit keeps them. */
    stagedFor?: string;
    onDone?: (done: number) => Promise<void> | void;
  },
): Promise<Map<string, UploadedFile | { reason: CsvRowReason }>> {
  const results = new Map<string, UploadedFile | { reason: CsvRowReason }>();
  const agents = createImageAgents(opts.allowedAddresses);
  const limit = pLimit(IMAGE_DOWNLOAD_CONCURRENCY);
  let done = 0;
  try {
    await Promise.all(
      [...new Set(urls)].map((url) =>
        limit(async () => {
          try {
            const data = await downloadImage(url, agents);
            const name = new URL(url).pathname.split('/').pop() || 'imagen';
            results.set(
              url,
              await uploadFile(ctx, {
                purpose: 'product_photo',
                data,
                originalName: name,
                ...(opts.stagedFor && { stagedFor: opts.stagedFor }),
              }),
            );
          } catch (err) {
            results.set(url, { reason: reasonOf(err) });
          }
          done++;
          await opts.onDone?.(done);
        }),
      ),
    );
  } finally {
    agents.destroy();
  }
  return results;
}
