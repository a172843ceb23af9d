/**
 * The search indexes' memory budget on the real route (decision 148): more stores than the budget holds are searched
 * in turn, twice; stores are dropped and built again, a store without its index in memory is answered by PostgreSQL,
 * and every answer is right whichever engine gave it. The answer cache is off so that every search reaches an engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createStoreFixture } from '../helpers/factories.js';
import { bulkInsertProducts } from '../../src/server/modules/catalog/index.js';

const STORES = 12;
const PRODUCTS = 100;
const WORDS = ['sombrero', 'huarache', 'rebozo', 'molcajete', 'jarro', 'petate', 'alebrije', 'piñata'];

describe('search memory budget (decision 148)', () => {
  let t: TestApp;
  const stores: { id: string; host: string; word: string; codes: string[] }[] = [];

  beforeAll(async () => {
    // 1 MB holds about seven stores of 100 products; the first search of a store waits for nothing.
    t = await createTestApp({ SEARCH_MEMORY_MB: '1', SEARCH_COLD_WAIT_MS: '0', ANSWER_CACHE_MB: '0' });
    const db = t.database.db;
    for (let s = 0; s < STORES; s++) {
      const store = await createStoreFixture(db);
      // Each store sells one word of its own (3 products) among 97 others named after the rest.
      const own = `${WORDS[s % WORDS.length]}${s}`;
      const products = Array.from({ length: PRODUCTS }, (_, i) => {
        const codigo = `${store.slug}-${i}`.toUpperCase();
        const name =
          i < 3 ? `${own} artesanal ${i}` : `${WORDS[(s + 1 + (i % 7)) % WORDS.length]} tienda ${s} modelo ${i}`;
        return {
          codigo,
          name,
          description: `Hecho a mano en Oaxaca, pieza ${i} de la colección ${s}, con materiales de la región.`,
          departmentId: null,
          categoryId: null,
          variants: [{ sku: codigo, options: {}, priceCents: 10_000 + i, stock: 5 }],
        };
      });
      await bulkInsertProducts({ db, storeId: store.id }, products);
      stores.push({
        id: store.id,
        host: store.hostname,
        word: own,
        codes: products
          .slice(0, 3)
          .map((p) => p.codigo)
          .sort(),
      });
    }
    await t.app.changeFeed.sync();
  }, 120_000);
  afterAll(async () => t?.close());

  const search = async (host: string, q: string) => {
    const res = await t.app.inject({
      url: `/api/reseller/producto/search?q=${encodeURIComponent(q)}&pageSize=50`,
      headers: { 'x-store-domain': host },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { items: { codigo: string }[]; total: number };
  };

  it('drops whole stores past the budget, answers a store out of memory from PostgreSQL, and always answers right', async () => {
    const indexes = t.app.searchIndexes;
    for (let round = 0; round < 3; round++)
      for (const s of stores) {
        const answer = await search(s.host, s.word);
        expect(answer.items.map((i) => i.codigo).sort(), `${s.word}, round ${round}`).toEqual(s.codes);
        expect(answer.total).toBe(3);
        // Wait for the build the search started, so the next round finds the store in memory or evicted by others.
        await indexes.index(s.id, 'es');
      }
    const stats = indexes.stats();
    expect(stats.maxBytes).toBe(1024 * 1024);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect(stats.stores).toBeLessThan(STORES);
    expect(stats.stores).toBeGreaterThan(1);
    expect(stats.evictions).toBeGreaterThanOrEqual(STORES);
    // Every first search of a store not in memory went to PostgreSQL: at least one per store in the first round.
    expect(stats.coldFallbacks).toBeGreaterThanOrEqual(STORES);
  });
});
