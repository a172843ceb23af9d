import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.js';
import { createProductFixture, createStoreFixture, type StoreFixture } from '../../../../tests/helpers/factories.js';
import type { SearchResponse } from '../../../shared/contracts/catalog.js';

describe.each(['index', 'postgres'] as const)('search, %s engine', (engine) => {
  let t: TestApp;
  let es: StoreFixture;
  let en: StoreFixture;
  const search = async (store: StoreFixture, qs: string) => {
    const res = await t.app.inject({
      url: `/api/reseller/producto/search?${qs}`,
      headers: { 'x-store-domain': store.hostname },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as SearchResponse;
  };

  beforeAll(async () => {
    t = await createTestApp({ SEARCH_ENGINE: engine });
    es = await createStoreFixture(t.database.db, { lang: 'es' });
    en = await createStoreFixture(t.database.db, { lang: 'en' });
    const herr = { slug: 'herramientas', name: 'Herramientas' };
    const day = 24 * 3600 * 1000;
    await createProductFixture(t.database.db, es.id, {
      codigo: 'TAL-1',
      name: 'Taladro inalámbrico 20V',
      department: herr,
      category: { slug: 'electricas', name: 'Eléctricas' },
      variants: [{ sku: 'TAL-1', options: {}, priceCents: 189900, stock: 5 }],
      soldCount: 50,
      createdAt: new Date(Date.now() - 3 * day),
    });
    await createProductFixture(t.database.db, es.id, {
      codigo: 'SIE-1',
      name: 'Sierra circular 7 1/4',
      department: herr,
      category: { slug: 'electricas', name: 'Eléctricas' },
      variants: [{ sku: 'SIE-1', options: {}, priceCents: 249900, stock: 5 }],
      soldCount: 10,
      createdAt: new Date(Date.now() - 2 * day),
    });
    await createProductFixture(t.database.db, es.id, {
      codigo: 'MAR-1',
      name: 'Martillo de uña',
      department: herr,
      category: { slug: 'manuales', name: 'Manuales' },
      variants: [{ sku: 'MAR-1', options: {}, priceCents: 19900, stock: 5 }],
      soldCount: 99,
      createdAt: new Date(Date.now() - 1 * day),
    });
    await createProductFixture(t.database.db, es.id, {
      codigo: 'PLA-1',
      name: 'Playera deportiva',
      department: { slug: 'ropa', name: 'Ropa' },
      category: { slug: 'playeras', name: 'Playeras' },
      variants: [{ sku: 'PLA-1', options: {}, priceCents: 29900, stock: 5 }],
    });
    await createProductFixture(t.database.db, en.id, {
      codigo: 'DRL-1',
      name: 'Cordless Drill',
      department: { slug: 'tools', name: 'Tools' },
      variants: [{ sku: 'DRL-1', options: {}, priceCents: 99900, stock: 3 }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds "taladro" for "taladros" (Spanish stemming)', async () => {
    const r = await search(es, 'q=taladros');
    expect(r.items.map((i) => i.codigo)).toEqual(['TAL-1']);
    expect(r.total).toBe(1);
  });

  it('finds "inalámbrico" for "inalambrico" (accents ignored)', async () => {
    const r = await search(es, 'q=inalambrico');
    expect(r.items.map((i) => i.codigo)).toEqual(['TAL-1']);
  });

  it('tolerates a typo and suggests the correction', async () => {
    const r = await search(es, 'q=taldro');
    expect(r.items[0]?.codigo).toBe('TAL-1');
    expect(r.suggestion).toBe('taladro');
  });

  it('searches an English store with the English configuration', async () => {
    const r = await search(en, 'q=drills');
    expect(r.items.map((i) => i.codigo)).toEqual(['DRL-1']);
  });

  it('filters by department and category and reports facet counts', async () => {
    const r = await search(es, 'departamento=herramientas');
    expect(r.total).toBe(3);
    expect(r.departments).toEqual([
      { slug: 'herramientas', name: 'Herramientas', count: 3 },
      { slug: 'ropa', name: 'Ropa', count: 1 },
    ]);
    // Categories of the chosen department only, counted among its matches (never other departments' categories,
    // with their own counts).
    expect(r.categories).toEqual([
      { slug: 'electricas', name: 'Eléctricas', department: 'herramientas', count: 2 },
      { slug: 'manuales', name: 'Manuales', department: 'herramientas', count: 1 },
    ]);
    const c = await search(es, 'departamento=herramientas&categoria=manuales');
    expect(c.items.map((i) => i.codigo)).toEqual(['MAR-1']);
    expect(c.total).toBe(1);
    expect(c.categories.map((x) => x.count)).toEqual([2, 1]);
    const all = await search(es, '');
    expect(all.categories).toEqual([]);
    const ropa = await search(es, 'q=playera&departamento=ropa');
    expect(ropa.categories).toEqual([{ slug: 'playeras', name: 'Playeras', department: 'ropa', count: 1 }]);
  });

  it('finds a product through a Mexican Spanish synonym ("camiseta" for "playera")', async () => {
    const r = await search(es, 'q=camiseta');
    expect(r.items.map((i) => i.codigo)).toEqual(['PLA-1']);
    expect(r.suggestion).toBeNull();
  });

  it('matches partial words by prefix', async () => {
    expect((await search(es, 'q=sierr')).items.map((i) => i.codigo)).toEqual(['SIE-1']);
    expect((await search(es, 'q=MARTIL')).items.map((i) => i.codigo)).toEqual(['MAR-1']);
  });

  it('sorts by price, newest and best seller', async () => {
    const codes = async (sort: string) =>
      (await search(es, `departamento=herramientas&sort=${sort}`)).items.map((i) => i.codigo);
    expect(await codes('price_asc')).toEqual(['MAR-1', 'TAL-1', 'SIE-1']);
    expect(await codes('price_desc')).toEqual(['SIE-1', 'TAL-1', 'MAR-1']);
    expect(await codes('newest')).toEqual(['MAR-1', 'SIE-1', 'TAL-1']);
    expect(await codes('best_seller')).toEqual(['MAR-1', 'TAL-1', 'SIE-1']);
  });

  it('pages results', async () => {
    const p1 = await search(es, 'sort=price_asc&pageSize=2&page=1');
    const p2 = await search(es, 'sort=price_asc&pageSize=2&page=2');
    expect(p1.total).toBe(4);
    expect(p1.items.map((i) => i.codigo)).toEqual(['MAR-1', 'PLA-1']);
    expect(p2.items.map((i) => i.codigo)).toEqual(['TAL-1', 'SIE-1']);
  });

  it('never shows another store’s products', async () => {
    expect((await search(en, 'q=taladro')).items).toEqual([]);
    expect((await search(es, 'q=drill')).items).toEqual([]);
  });

  it('rejects bad paging with a 400, not a 500', async () => {
    const res = await t.app.inject({
      url: '/api/reseller/producto/search?page=-1&sort=cheap',
      headers: { 'x-store-domain': es.hostname },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('search quality of the in-memory index', () => {
  let t: TestApp;
  let en: StoreFixture;
  beforeAll(async () => {
    t = await createTestApp();
    en = await createStoreFixture(t.database.db, { lang: 'en' });
    for (const [codigo, name] of [
      ['SNK', 'Allstar Sneakers'],
      ['SOFA', 'Leather Sofa'],
      ['RUN', 'Running Shoe'],
    ])
      await createProductFixture(t.database.db, en.id, { codigo, name, department: { slug: 'home', name: 'Home' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const codes = async (q: string) => {
    const res = await t.app.inject({
      url: `/api/reseller/producto/search?q=${q}`,
      headers: { 'x-store-domain': en.hostname },
    });
    return res.json() as SearchResponse;
  };

  it('does not read a word the store does not sell as a typo of one it does ("speakers" is not "sneakers")', async () => {
    const r = await codes('speakers');
    expect(r.items).toEqual([]);
    expect(r.suggestion).toBeNull();
  });

  it('corrects a real typo and says so', async () => {
    const r = await codes('sneekers');
    expect(r.items.map((i) => i.codigo)).toEqual(['SNK', 'RUN']); // the corrected word, then its synonym "shoes"
    expect(r.suggestion).toBe('sneakers');
  });

  it('knows English synonyms on an English store', async () => {
    expect((await codes('couch')).items.map((i) => i.codigo)).toEqual(['SOFA']);
    expect((await codes('trainers')).items.map((i) => i.codigo).sort()).toEqual(['RUN', 'SNK']);
  });
});
