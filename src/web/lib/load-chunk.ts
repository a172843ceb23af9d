/**
 * Loads a lazily split part of the app (a route's script chunk) with a timeout of 120 s. A chunk that
 * fails or takes longer (offline, or removed by a new deploy) rejects with ChunkLoadError, which the route error
 * screen turns into a translated "could not load this page" with a retry.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/limits';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
  });
  return Promise.race([
    load().catch((e: unknown) => {
      throw new ChunkLoadError(e);
    }),
    timeout,
  ]).finally(() => clearTimeout(timer));
}
