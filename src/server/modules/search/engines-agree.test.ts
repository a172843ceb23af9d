/**
 * The in-memory index and the PostgreSQL engine (decision 033) on the same random small catalogues and random queries
 * (fast-check, fixed seed). The relations they must keep are stated in decision 033 and checked here:
 *
 * 1. Whole words: a product that holds every word of the query as a whole word (accents and case aside, in its name,
 *    keywords, brand, department, category or descriptions) is found by both engines; so is a product with a word
 *    whose stem starts with a typed prefix.
 * 2. When the index matches the words as typed (no typo correction), every product it finds is found by PostgreSQL
 *    too. PostgreSQL may find more: it matches every word by the prefix of its stem (`camiset:*` also finds
 *    "camisetita"), the index by the stem exactly or by the prefix of the word as typed.
 * 3. A typo: when the index finds nothing for the words as typed, it may answer for corrected words, which it names
 *    in `suggestion` (one word for each typed word, corrections taken from the store's names and tags); what it then
 *    finds is found by PostgreSQL for the suggestion. PostgreSQL's trigram fallback is not compared: it matches names
 *    by similarity, not words.
 *
 * The vocabulary leaves out the words of PostgreSQL's Spanish stop-word list that the index keeps ("te", "mi",
 * "nada", …): PostgreSQL drops them from both the documents and the query, the index searches for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDatabase } from '../../../../tests/helpers/test-db.js';
import { createStore } from '../stores/index.js';
import { bulkInsertProducts, loadProducts, loadTaxonomy, upsertCategory, upsertDepartment } from '../catalog/index.js';
import { StoreIndex } from './store-index.js';
import { searchIndex } from './index-query.js';
import { planQuery, synonymTable } from './query-plan.js';
import { searchWithPostgres } from './sql-engine.js';
import { stem, words } from './text.js';

const NOUNS = [
  'pantalón',
  'camión',
  'niño',
  'niña',
  'sudadera',
  'playera',
  'camiseta',
  'chamarra',
  'mochila',
  'lámpara',
  'sartén',
  'cuchara',
  'muñeca',
  'juguete',
  'bebé',
  'zapato',
  'calcetín',
  'bufanda',
  'cepillo',
  'jabón',
  'café',
  'limón',
  'piña',
  'corazón',
  'árbol',
  'taladro',
  'martillo',
  'tornillo',
  'bolígrafo',
  'cuaderno',
  'almohada',
  'sábana',
  'toalla',
  'cinturón',
  'reloj',
  'botella',
  'bocina',
  'audífonos',
  'pingüino',
  'acción',
];
const ADJECTIVES = [
  'azul',
  'rojo',
  'grande',
  'pequeño',
  'cómodo',
  'térmico',
  'eléctrico',
  'inalámbrico',
  'algodón',
  'mezclilla',
  'clásico',
  'básico',
  'deportivo',
  'económico',
  'rápido',
  'suave',
  'ligero',
  'fácil',
];
const LINKS = ['de', 'con', 'para'];
const BRANDS = ['Ñandú', 'Águila', 'Cóndor', 'Mazapán'];
const TAXONOMY = [
  { slug: 'hogar', name: 'Hogar', categories: [{ slug: 'cocina', name: 'Cocina' }] },
  { slug: 'ropa', name: 'Ropa', categories: [{ slug: 'ninos', name: 'Niños' }] },
  { slug: 'electronica', name: 'Electrónica', categories: [{ slug: 'audio', name: 'Audio' }] },
];

interface GenProduct {
  name: string[];
  description: string[];
  keywords: string[];
  brand: string | null;
  taxonomy: number;
}

const word = fc.constantFrom(...NOUNS, ...ADJECTIVES);
const product: fc.Arbitrary<GenProduct> = fc.record({
  name: fc
    .tuple(fc.constantFrom(...NOUNS), fc.array(fc.oneof(word, fc.constantFrom(...LINKS)), { maxLength: 3 }))
    .map(([n, rest]) => [n, ...rest]),
  description: fc.array(fc.oneof(word, fc.constantFrom(...LINKS)), { maxLength: 8 }),
  keywords: fc.array(word, { maxLength: 2 }),
  brand: fc.option(fc.constantFrom(...BRANDS), { nil: null }),
  taxonomy: fc.nat(TAXONOMY.length - 1),
});

type Query = { kind: 'words' | 'prefix' | 'typo' | 'absent'; q: string; source: string[] };

/** The words a catalogue's products are made of (folded), to draw queries from. */
const catalogueWords = (ps: GenProduct[]) =>
  [...new Set(ps.flatMap((p) => [...p.name, ...p.description, ...p.keywords]))].filter((w) => !LINKS.includes(w));

const stripAccents = (w: string) => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

function queries(ps: GenProduct[]): fc.Arbitrary<Query[]> {
  const pool = catalogueWords(ps);
  const long = pool.filter((w) => stripAccents(w).length >= 5);
  const from = fc.constantFrom(...pool);
  const styled = (w: string, style: number) =>
    style === 1 ? stripAccents(w) : style === 2 ? w.toUpperCase() : style === 3 ? stripAccents(w).toUpperCase() : w;
  const whole = fc
    .tuple(fc.array(from, { minLength: 1, maxLength: 2 }), fc.nat(3))
    .map(([ws, style]): Query => ({ kind: 'words', q: ws.map((w) => styled(w, style)).join(' '), source: ws }));
  const prefix = fc
    .tuple(from, fc.nat(10))
    .filter(([w]) => stripAccents(w).length >= 4)
    .map(([w, k]): Query => {
      const plain = stripAccents(w);
      return { kind: 'prefix', q: plain.slice(0, 3 + (k % (plain.length - 3))).toLowerCase(), source: [w] };
    });
  const typo = long.length
    ? fc.tuple(fc.constantFrom(...long), fc.nat(100), fc.nat(2)).map(([w, at, edit]): Query => {
        const plain = stripAccents(w);
        const i = 1 + (at % (plain.length - 2));
        const next = plain[i] === 'x' ? 'q' : 'x';
        const q =
          edit === 0
            ? plain.slice(0, i) + plain.slice(i + 1) // a letter dropped
            : edit === 1
              ? plain.slice(0, i) + plain[i] + plain.slice(i) // a letter doubled
              : plain.slice(0, i) + next + plain.slice(i + 1); // a letter replaced
        return { kind: 'typo', q, source: [w] };
      })
    : whole;
  const absent = fc
    .constantFrom(...[...NOUNS, ...ADJECTIVES].filter((w) => !pool.includes(w)))
    .map((w): Query => ({ kind: 'absent', q: w, source: [w] }));
  return fc.array(fc.oneof(whole, whole, prefix, typo, absent), { minLength: 6, maxLength: 10 });
}

describe('the in-memory index and PostgreSQL full-text search agree on what matches (decision 033)', () => {
  let database: TestDatabase;
  let n = 0;
  const synonyms = synonymTable('es', []);

  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(async () => {
    await database.close();
  });

  it("uses no word of PostgreSQL's Spanish stop-word list", async () => {
    const all = [...NOUNS, ...ADJECTIVES, ...BRANDS, ...TAXONOMY.flatMap((d) => [d.name, d.categories[0].name])];
    const rows = await database.db.execute(
      sql`select w from unnest(${`{${all.map(stripAccents).join(',')}}`}::text[]) w where to_tsvector('spanish', w) = ''::tsvector`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toEqual([]);
  });

  it('on random catalogues and queries', async () => {
    const stats = { words: 0, prefix: 0, typo: 0, absent: 0, corrected: 0, postgresFoundMore: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(product, { minLength: 3, maxLength: 12 }).chain((ps) => fc.tuple(fc.constant(ps), queries(ps))),
        async ([ps, qs]) => {
          const slug = `prop${n++}`;
          const db = database.db;
          const { id: storeId } = await createStore({ db }, { slug, name: slug, lang: 'es', hostnames: [] });
          const taxonomy: { departmentId: string; categoryId: string }[] = [];
          for (const d of TAXONOMY) {
            const departmentId = await upsertDepartment({ db, storeId }, d);
            taxonomy.push({
              departmentId,
              categoryId: await upsertCategory({ db, storeId }, departmentId, d.categories[0]),
            });
          }
          await bulkInsertProducts(
            { db, storeId },
            ps.map((p, i) => ({
              codigo: `P${i}`,
              name: p.name.join(' '),
              description: p.description.join(' '),
              keywords: p.keywords,
              brand: p.brand,
              ...taxonomy[p.taxonomy],
              variants: [{ sku: `P${i}`, options: {}, priceCents: 10000, stock: 1 }],
            })),
          );
          const t = await loadTaxonomy({ db, storeId });
          const index = StoreIndex.build('es', t.departments, t.categories, await loadProducts({ db, storeId }));
          const textOf = (p: GenProduct) => {
            const d = TAXONOMY[p.taxonomy];
            return new Set(
              words(
                [...p.name, ...p.description, ...p.keywords, p.brand ?? '', d.name, d.categories[0].name].join(' '),
              ),
            );
          };
          const page = { sort: 'relevance' as const, page: 1, pageSize: 100 };
          const onPostgres = async (q: string) =>
            new Set(
              (
                await searchWithPostgres({ db, storeId, storeLang: 'es' }, planQuery(q, 'es', synonyms), page)
              ).items.map((i) => i.codigo),
            );
          for (const query of qs) {
            stats[query.kind]++;
            const mem = searchIndex(index, { ...page, plan: planQuery(query.q, 'es', synonyms), synonyms });
            const memSet = new Set(mem.items.map((i) => i.codigo));
            const pgSet = await onPostgres(query.q);
            const label = `${query.kind} "${query.q}"`;
            expect(mem.total, label).toBe(mem.items.length);

            // 1. Whole words, and prefixes of a word's stem.
            const qWords = words(query.q);
            const holders = ps.flatMap((p, i) => {
              const text = textOf(p);
              const holds =
                query.kind === 'prefix'
                  ? [...text].some((w) => stem(w, 'es').startsWith(qWords[0]))
                  : qWords.every((w) => text.has(w));
              return holds ? [`P${i}`] : [];
            });
            if (query.kind === 'words' || query.kind === 'prefix')
              for (const c of holders) {
                expect(memSet.has(c), `${label}: the index misses ${c}`).toBe(true);
                expect(pgSet.has(c), `${label}: PostgreSQL misses ${c}`).toBe(true);
              }

            if (mem.suggestion === null) {
              // 2. The words as typed: what the index finds, PostgreSQL finds.
              for (const c of memSet) expect(pgSet.has(c), `${label}: PostgreSQL misses ${c}`).toBe(true);
              if (pgSet.size > memSet.size) stats.postgresFoundMore++;
            } else {
              // 3. A correction, to words of the store's names and tags; what it finds, PostgreSQL finds for them.
              stats.corrected++;
              expect(memSet.size, label).toBeGreaterThan(0);
              const fixed = words(mem.suggestion);
              expect(fixed.length, label).toBe(qWords.length);
              for (const w of fixed) if (!qWords.includes(w)) expect(index.vocabulary.has(w), label).toBe(true);
              const pgFixed = await onPostgres(mem.suggestion);
              for (const c of memSet)
                expect(pgFixed.has(c), `${label} → "${mem.suggestion}": PostgreSQL misses ${c}`).toBe(true);
            }
          }
        },
      ),
      { seed: 20261127, numRuns: 15 },
    );
    // The relations were exercised, not vacuously true.
    expect(stats.words).toBeGreaterThan(30);
    expect(stats.prefix).toBeGreaterThan(10);
    expect(stats.corrected).toBeGreaterThan(5);
  });
});
