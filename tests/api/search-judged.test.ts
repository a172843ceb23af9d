/**
 * The judged search queries of `npm run bench` (bench/search-judged.ts) as an API test: both demo catalogues (no
 * photos) on the in-memory engine, every judged query through the real route; the expected products in the first
 * five, ahead of every other product, and the benchmark's quality score no lower than today's. A regression of any
 * judged query (a typo no longer forgiven, a ranking that drops or demotes the named products) fails here, not only
 * in the benchmark's score.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedCatalogStore } from '../../bench/search-stores.js';
import { relevant, scoreStoreWith, type JudgedSearch } from '../../bench/search-quality.js';
import { JUDGED } from '../../bench/search-judged.js';

/**
 * Judged queries whose answer is known to be short of perfect, with what it still gets right. "camera": "Camera Lens"
 * (a lens, not a camera) ranks first among the cameras, so four of the five cameras are in the first five.
 */
const KNOWN_SHORTFALLS: Record<string, number> = { camera: 4, cameras: 4, camra: 4 };

/**
 * The score `bench/search-quality.ts` reports (relevant products in the first five, over what is possible), as
 * measured when this gate was set (docs/performance.md): a lower score fails.
 */
const SCORE_FLOOR = { demo: 1.0, hogar: 0.976 } as const;

/**
 * Judged queries whose relevant products do not all come first: the place of the first relevant product, and how
 * many of the first min(5, relevant) places they hold. "camera": "Camera Lens" first; "computer": "Tablet" (a
 * synonym match) before "Gaming PC", and "Laptop" fourth.
 */
const KNOWN_RANKINGS: Record<string, { first: number; held: number }> = {
  camera: { first: 2, held: 4 },
  cameras: { first: 2, held: 4 },
  camra: { first: 2, held: 4 },
  computer: { first: 2, held: 1 },
};

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

  it.each(['demo', 'hogar'] as const)('%s: scores no lower than today on the judged queries', async (store) => {
    const r = await scoreStoreWith(store, search);
    expect(r.score, `${r.hits}/${r.possible} hits; misses: ${JSON.stringify(r.misses)}`).toBeGreaterThanOrEqual(
      SCORE_FLOOR[store],
    );
  });

  it.each(['demo', 'hogar'] as const)('%s: ranks the expected products ahead of every other product', async (store) => {
    const worse: string[] = [];
    for (const j of JUDGED[store]) {
      if (j.expect === 'none') continue;
      const want = relevant(store, j.expect);
      const codes = (await search(store, j.q)).items.map((i) => i.codigo);
      const places = Math.min(5, want.size);
      const first = codes.findIndex((c) => want.has(c)) + 1;
      const held = codes.slice(0, places).filter((c) => want.has(c)).length;
      const known = KNOWN_RANKINGS[j.q] ?? { first: 1, held: places };
      if (first === 0 || first > known.first || held < known.held)
        worse.push(
          `"${j.q}": first relevant at ${first || 'none'}, ${held}/${places} of the first places: ${codes.slice(0, 6).join(', ')}`,
        );
    }
    expect(worse).toEqual([]);
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
