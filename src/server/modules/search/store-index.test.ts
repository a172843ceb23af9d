import { describe, expect, it } from 'vitest';
import { DELTA_REBUILD_AT, StoreIndex } from './store-index.js';
import { searchIndex } from './index-query.js';
import { planQuery, synonymTable } from './query-plan.js';
import type { CategoryRow, DepartmentRow, ProductRow } from './index-loader.js';

const DEPS: DepartmentRow[] = [
  { id: 'd-ropa', slug: 'ropa', name: 'Ropa', position: 0 },
  { id: 'd-herr', slug: 'herramientas', name: 'Herramientas', position: 1 },
];
const CATS: CategoryRow[] = [
  { id: 'c-sud', slug: 'sudaderas', name: 'Sudaderas', position: 0, departmentId: 'd-ropa' },
  { id: 'c-ele', slug: 'electricas', name: 'Eléctricas', position: 0, departmentId: 'd-herr' },
  { id: 'c-cha', slug: 'chamarras', name: 'Chamarras', position: 1, departmentId: 'd-ropa' },
];
const synonyms = synonymTable('es', []);

function row(id: string, name: string, extra: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    codigo: id.toUpperCase(),
    name,
    priceCents: 10000,
    compareAtCents: null,
    image: null,
    ratingAvgX100: 0,
    ratingCount: 0,
    inStock: true,
    departmentId: 'd-ropa',
    categoryId: 'c-sud',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    soldCount: 0,
    featured: false,
    keywords: [],
    brand: null,
    shortDescription: '',
    description: '',
    ...extra,
  };
}

const seedRows = () => [
  row('p1', 'Sudadera con capucha', { soldCount: 5 }),
  row('p2', 'Sudadera básica', { soldCount: 9 }),
  row('p3', 'Taladro inalámbrico', { departmentId: 'd-herr', categoryId: 'c-ele', brand: 'Bosch' }),
];

const search = (index: StoreIndex, q: string, extra: { departamento?: string; pageSize?: number } = {}) =>
  searchIndex(index, {
    plan: planQuery(q, 'es', synonyms),
    sort: 'relevance',
    page: 1,
    pageSize: extra.pageSize ?? 50,
    departamento: extra.departamento,
    synonyms,
  });
const codes = (index: StoreIndex, q: string) => search(index, q).items.map((i) => i.codigo);

describe('StoreIndex (decision 033)', () => {
  it('builds the main segment from the whole catalogue and finds by stem, prefix, accent-free word and tag', () => {
    const index = StoreIndex.build('es', DEPS, CATS, seedRows());
    expect(index.liveCount).toBe(3);
    expect(index.delta.terms).toEqual([]);
    expect(codes(index, 'sudaderas')).toEqual(['P2', 'P1']); // same weight: the best seller first
    expect(codes(index, 'sudad')).toEqual(['P2', 'P1']);
    expect(codes(index, 'inalambrico')).toEqual(['P3']);
    expect(codes(index, 'bosch')).toEqual(['P3']);
    expect(codes(index, 'herramientas')).toEqual(['P3']);
    expect(search(index, 'sudadera').departments).toEqual([{ slug: 'ropa', name: 'Ropa', count: 2 }]);
  });

  it('finds a new product through the delta segment before a rebuild, and through the main one after', () => {
    const rows = seedRows();
    const index = StoreIndex.build('es', DEPS, CATS, rows);
    const fresh = row('p4', 'Martillo de uña', { departmentId: 'd-herr', categoryId: 'c-ele' });
    index.apply(['p4'], [fresh]);
    expect(codes(index, 'martillo')).toEqual(['P4']);
    expect(index.main.find('martill')).toBe(-1);
    expect(index.delta.find('martill')).toBeGreaterThanOrEqual(0);
    expect(index.liveCount).toBe(4);
    expect(search(index, '').total).toBe(4);

    const rebuilt = StoreIndex.build('es', DEPS, CATS, [...rows, fresh]);
    expect(rebuilt.delta.terms).toEqual([]);
    expect(rebuilt.main.find('martill')).toBeGreaterThanOrEqual(0);
    expect(codes(rebuilt, 'martillo')).toEqual(['P4']);
  });

  it('stops returning and counting a product that is no longer listable (an id without a row)', () => {
    const index = StoreIndex.build('es', DEPS, CATS, seedRows());
    index.apply(['p2'], []);
    const r = search(index, 'sudadera');
    expect(r.items.map((i) => i.codigo)).toEqual(['P1']);
    expect(r.total).toBe(1);
    expect(r.departments).toEqual([{ slug: 'ropa', name: 'Ropa', count: 1 }]);
    expect(index.liveCount).toBe(2);
    expect(search(index, '').total).toBe(2);
    // Its postings stay in the main segment, marked dead, until the store is rebuilt.
    expect(index.alive[index.ids.indexOf('p2')]).toBe(0);
    // Deleting it again, or an id never indexed, changes nothing.
    index.apply(['p2', 'nope'], []);
    expect(index.liveCount).toBe(2);
  });

  it('moves a product whose text changed to the delta: found by its new words, no longer by its old ones', () => {
    const index = StoreIndex.build('es', DEPS, CATS, seedRows());
    index.apply(['p1'], [row('p1', 'Chamarra rompevientos', { soldCount: 5, categoryId: 'c-cha' })]);
    expect(codes(index, 'capucha')).toEqual([]);
    expect(codes(index, 'sudadera')).toEqual(['P2']);
    expect(codes(index, 'rompevientos')).toEqual(['P1']);
    expect(index.liveCount).toBe(3);
    expect(index.ids.length).toBe(4); // the old ordinal is dead, the product lives at a new one
    // A second change replaces its delta document rather than adding one.
    index.apply(['p1'], [row('p1', 'Chamarra impermeable', { categoryId: 'c-cha' })]);
    expect(codes(index, 'rompevientos')).toEqual([]);
    expect(codes(index, 'impermeable')).toEqual(['P1']);
    expect(index.delta.docFrequency(index.delta.find('chamarr'))).toBe(1);
  });

  it('keeps the postings of a product whose text did not change, updating its card and sort keys', () => {
    const index = StoreIndex.build('es', DEPS, CATS, seedRows());
    index.apply(['p1'], [row('p1', 'Sudadera con capucha', { soldCount: 50, priceCents: 999, inStock: false })]);
    expect(index.ids.length).toBe(3);
    expect(index.delta.terms).toEqual([]);
    const r = search(index, 'sudadera');
    expect(r.items.map((i) => i.codigo)).toEqual(['P1', 'P2']); // now the best seller
    expect(r.items[0]).toMatchObject({ priceCents: 999, inStock: false });
  });

  it(`wants a rebuild once more than ${DELTA_REBUILD_AT} products sit in the delta (small stores)`, () => {
    const index = StoreIndex.build('es', DEPS, CATS, seedRows());
    const batch = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => row(`n${from + i}`, `Playera modelo ${from + i}`));
    const first = batch(0, DELTA_REBUILD_AT);
    index.apply(
      first.map((r) => r.id),
      first,
    );
    expect(index.wantsRebuild).toBe(false);
    expect(search(index, 'playera', { pageSize: 1 }).total).toBe(DELTA_REBUILD_AT);
    index.apply(['n-last'], [row('n-last', 'Playera última')]);
    expect(index.wantsRebuild).toBe(true);
    // Until the owner rebuilds it, the index keeps answering from both segments.
    expect(search(index, 'playera', { pageSize: 1 }).total).toBe(DELTA_REBUILD_AT + 1);
  });

  it('allows a delta of a twentieth of the catalogue in large stores', () => {
    const n = 12_000;
    const rows = Array.from({ length: n }, (_, i) => row(`m${i}`, `Gorra ${i % 50}`));
    const index = StoreIndex.build('es', DEPS, CATS, rows);
    const changed = rows.slice(0, n / 20).map((r) => ({ ...r, name: `${r.name} nueva` }));
    index.apply(
      changed.map((r) => r.id),
      changed,
    );
    expect(index.wantsRebuild).toBe(false);
    index.apply(['m-extra'], [row('m-extra', 'Gorra extra')]);
    expect(index.wantsRebuild).toBe(true);
  });

  it('wants a rebuild when dead documents outnumber the live ones by more than 1,000 (compaction)', () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => row(`k${i}`, `Calcetín ${i}`));
    const index = StoreIndex.build('es', DEPS, CATS, rows);
    const gone = rows.slice(0, 1_150).map((r) => r.id);
    index.apply(gone.slice(0, 1_000), []);
    expect(index.wantsRebuild).toBe(false); // 1,200 ordinals, 200 alive
    index.apply(gone.slice(1_000), []);
    expect(index.liveCount).toBe(50);
    expect(index.wantsRebuild).toBe(true); // 1,200 > 2 × 50 + 1,000
    expect(search(index, 'calcetin', { pageSize: 100 }).total).toBe(50);
    const compacted = StoreIndex.build('es', DEPS, CATS, rows.slice(1_150));
    expect(compacted.ids.length).toBe(50);
    expect(compacted.wantsRebuild).toBe(false);
  });

  it('learns the words of new names for typo correction', () => {
    const index = StoreIndex.build('es', DEPS, CATS, seedRows());
    expect(search(index, 'martilo').suggestion).toBeNull();
    index.apply(['p4'], [row('p4', 'Martillo de uña')]);
    const r = search(index, 'martilo');
    expect(r.suggestion).toBe('martillo');
    expect(r.items.map((i) => i.codigo)).toEqual(['P4']);
  });
});
