/**
 * The domain → store cache is bounded. Any client names a domain in Host or X-Store-Domain, so
 * 100,000 made-up names must leave the cache at its cap (it grew ~43 MB per 100,000 before), and a flood of unknown
 * names must not evict the stores that real shoppers use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createStoreFixture, type StoreFixture } from '../helpers/factories.js';
import { sql } from 'drizzle-orm';
import { createStoreCache, STORE_CACHE_MAX, STORE_MISS_CACHE_MAX } from '../../src/server/plugins/store-cache.js';
import { getStoreLanguage } from '../../src/server/modules/stores/index.js';

describe('domain → store cache', () => {
  it('keeps 100,000 unknown domains at the cap and still remembers known stores', async () => {
    const cache = createStoreCache<{ id: string }>();
    let loads = 0;
    const load = async (host: string) => {
      loads++;
      return host.endsWith('.known') ? { id: host } : null;
    };
    for (let i = 0; i < 50; i++) await cache.get(`s${i}.known`, load);
    for (let i = 0; i < 100_000; i++) {
      await cache.get(`unknown-${i}.example.com`, load);
      if (i % 10_000 === 0) expect(cache.size().misses).toBeLessThanOrEqual(STORE_MISS_CACHE_MAX);
    }
    expect(cache.size()).toEqual({ stores: 50, misses: STORE_MISS_CACHE_MAX });
    const before = loads;
    for (let i = 0; i < 50; i++) expect(await cache.get(`s${i}.known`, load)).toEqual({ id: `s${i}.known` });
    expect(loads).toBe(before); // the flood evicted no known store
    // A repeated unknown name within the TTL is answered from the cache too.
    await cache.get('unknown-99999.example.com', load);
    expect(loads).toBe(before);
  });

  it('caps known stores too (LRU)', async () => {
    const cache = createStoreCache<{ id: string }>({ max: 100 });
    for (let i = 0; i < 1000; i++) await cache.get(`s${i}`, async (h) => ({ id: h }));
    expect(cache.size().stores).toBe(100);
    expect(STORE_CACHE_MAX).toBeGreaterThanOrEqual(1000);
  });

  describe('in the app', () => {
    let t: TestApp;
    let store: StoreFixture;
    beforeAll(async () => {
      t = await createTestApp();
      store = await createStoreFixture(t.database.db);
    });
    afterAll(async () => {
      await t.close();
    });

    it('bounds made-up X-Store-Domain and Host values sent to the API, and clearStoreCache() empties it', async () => {
      const known = await t.app.inject({ url: '/api/reseller/configwebsite', headers: { host: store.hostname } });
      expect(known.statusCode).toBe(200);
      const n = STORE_MISS_CACHE_MAX + 500;
      for (let i = 0; i < n; i++) {
        const headers = i % 2 ? { 'x-store-domain': `fake-${i}.example.com` } : { host: `fake-${i}.example.com` };
        const res = await t.app.inject({ url: '/api/reseller/configwebsite', headers });
        expect(res.statusCode).toBe(404);
      }
      expect(t.app.storeCacheSize()).toEqual({ stores: 1, misses: STORE_MISS_CACHE_MAX });
      t.app.clearStoreCache();
      expect(t.app.storeCacheSize()).toEqual({ stores: 0, misses: 0 });
      const again = await t.app.inject({ url: '/api/reseller/configwebsite', headers: { host: store.hostname } });
      expect(again.json().slug).toBe(store.slug);
    });
  });
});

describe('store language cache', () => {
  let t: TestApp;
  let store: StoreFixture;
  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreFixture(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('follows a language change written by any instance (the change feed), not a per-process memory', async () => {
    const ctx = { db: t.database.db, storeId: store.id };
    const before = await getStoreLanguage(ctx);
    const other = before === 'es' ? 'en' : 'es';
    // Written straight to the database, as another instance would: only the change feed tells this one.
    await t.database.db.execute(sql`update stores set lang = ${other} where id = ${store.id}`);
    await t.app.changeFeed.sync();
    expect(await getStoreLanguage(ctx)).toBe(other);
  });
});
