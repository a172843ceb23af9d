/**
 * The judged search queries of `npm run bench` (bench/search-judged.ts) as an API test: both demo catalogues (no
 * photos) on the in-memory engine, every judged query through the real route, and the expected products in the first
 * five. A regression of any judged query (a typo no longer forgiven, a ranking that drops the named products) fails
 * here, not only in the benchmark's score.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedCatalogStore } from '../../bench/search-stores.js';
import { scoreStoreWith, type JudgedSearch } from '../../bench/search-quality.js';

/**
 * Judged queries whose answer is known to be short of perfect, with what it still gets right. "camera": "Camera Lens"
 * (a lens, not a camera) ranks first among the cameras, so four of the five cameras are in the first five.
 */
const KNOWN_SHORTFALLS: Record<string, number> = { camera: 4, cameras: 4, camra: 4 };

describe('judged search quality (bench/search-judged.ts)', () => {
  let t: TestApp;
  const search: JudgedSearch = async (store, q) => {
    const res = await t.app.inject({
      url: `/api/reseller/producto/search?q=${encodeURIComponent(q)}`,
      headers: { 'x-store-domain': `${store}.localhost` },
    });
    expect(res.statusCode, q).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalogStore(t.database.db, 'demo');
    await seedCatalogStore(t.database.db, 'hogar');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['demo', 'hogar'] as const)('%s: every judged query finds what a shopper expects', async (store) => {
    const r = await scoreStoreWith(store, search);
    const misses = r.misses.filter((m) => !(m.q in KNOWN_SHORTFALLS) || m.hits < KNOWN_SHORTFALLS[m.q]);
    expect(misses).toEqual([]);
    expect(r.satisfied).toBe(r.queries);
  });

  it('forgives a typo in an English plural: "laptps" finds the laptop and suggests "laptop"', async () => {
    const r = await search('hogar', 'laptps');
    expect(r.items.map((i) => i.codigo)).toEqual(['laptop']);
    expect(r.suggestion).toBe('laptop');
  });

  it('ranks the products named "Shoe" first for "SHOES", before a synonym match', async () => {
    const r = await search('hogar', 'SHOES');
    expect(r.items.slice(0, 5).every((i) => i.codigo.endsWith('-shoe'))).toBe(true);
    expect(r.items.map((i) => i.codigo)).toContain('allstar-sneakers');
  });
});
