import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './load-chunk';

describe('loadChunk (chunk load timeout)', () => {
  it('resolves with the module when it loads in time', async () => {
    await expect(loadChunk(async () => ({ page: 'ok' }), 1000)).resolves.toEqual({ page: 'ok' });
  });

  it('rejects with ChunkLoadError when loading fails or takes longer than the timeout', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 1000),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(() => new Promise(() => undefined), 20)).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
