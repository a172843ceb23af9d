/**
 * The domain → store cache of request-context.ts, bounded: every request names a domain in
 * `Host` or `X-Store-Domain`, which any client can make up, so an unbounded map grew ~43 MB per 100,000 made-up
 * domains. Known domains and unknown ones live in two LRU caches with a TTL, so a flood of unknown names evicts
 * only other unknown names and never the stores that real shoppers use. docs/security.md "Requests and headers".
 */
import { LRUCache } from 'lru-cache';

/** Domains of real stores kept (a few hundred bytes each: about 2 MB at the cap). */
export const STORE_CACHE_MAX = 10_000;
/** Unknown domains remembered, so a repeated bad name does not query every time, while a flood stays bounded. */
export const STORE_MISS_CACHE_MAX = 1_000;
/** How long a look-up is trusted; a domain or store status change calls clear() for this process at once. */
export const STORE_CACHE_TTL_MS = 30_000;

export interface StoreCache<T extends object> {
  /** The cached answer for `host`, else `load(host)`'s, remembered either way. */
  get(host: string, load: (host: string) => Promise<T | null>): Promise<T | null>;
  clear(): void;
  /** Entries held now: `stores` (known domains) and `misses` (unknown ones). */
  size(): { stores: number; misses: number };
}

export function createStoreCache<T extends object>(
  opts: { max?: number; missMax?: number; ttlMs?: number } = {},
): StoreCache<T> {
  const ttl = opts.ttlMs ?? STORE_CACHE_TTL_MS;
  const stores = new LRUCache<string, T>({ max: opts.max ?? STORE_CACHE_MAX, ttl });
  const misses = new LRUCache<string, true>({ max: opts.missMax ?? STORE_MISS_CACHE_MAX, ttl });
  return {
    async get(host, load) {
      const hit = stores.get(host);
      if (hit) return hit;
      if (misses.get(host)) return null;
      const found = await load(host);
      if (found) stores.set(host, found);
      else misses.set(host, true);
      return found;
    },
    clear() {
      stores.clear();
      misses.clear();
    },
    size: () => ({ stores: stores.size, misses: misses.size }),
  };
}
