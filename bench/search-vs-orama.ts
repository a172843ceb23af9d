/**
 * Orama 3 beside our in-memory search index (decision 033), on the same documents and queries, one engine per process
 * (so that the memory after the build is that engine's alone), without a database or HTTP.
 *
 * Documents: the benchmark catalogue (bench/search-rows.ts) at N products. Both engines index the same three texts
 * with the same terms (our analyser: accents folded, stop words dropped, Snowball stemmer; Orama gets it as its
 * tokenizer) and the same weights (name ×3; keywords, brand, department and category ×1.5; descriptions ×0.6), with
 * department and category as facets/filters and price, date and sales as sorts.
 * Queries: each of the 2,966 distinct queries of the benchmark mix (bench/search-queries.ts) once, never repeated,
 * with the mix's parameters (relevance on 60 %, each of the four sorts on 10 %, page 2 or 3 on 15 %, a department
 * filter on 10 %; seeded), 24 per page, department counts always and category counts within a chosen department.
 * Warm-up first on other inputs: the ~500 queries of the same generator with another seed that the mix does not hold.
 * Every word must match in both (Orama: `threshold: 0`; a word also matches longer terms it starts). Orama does no
 * synonyms and no typo correction here; ours does both, so ours does more work per query.
 *
 * Orama is not a dependency of the repository (package.json and the lockfile stay as they are). Install it in a
 * folder of its own, outside the checkout, and point ORAMA_DIR at that folder; run from the repository's root:
 *   mkdir <folder> && cd <folder> && npm init -y && npm install @orama/orama@3
 *   ORAMA_DIR=<folder> node --expose-gc --import tsx bench/search-vs-orama.ts orama 100000
 *   node --expose-gc --import tsx bench/search-vs-orama.ts ours 100000
 * Without Orama there, the `orama` run says so and exits 0. Prints one JSON line of figures at the end.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StoreIndex } from '../src/server/modules/search/store-index.js';
import { searchIndex } from '../src/server/modules/search/index-query.js';
import { planQuery, synonymTable } from '../src/server/modules/search/query-plan.js';
import { terms } from '../src/server/modules/search/text.js';
import type { CategoryRow, DepartmentRow, ProductRow } from '../src/server/modules/search/index-loader.js';
import type { SearchSort } from '../src/shared/contracts/catalog.js';
import { buildQueries, rng } from './search-queries.js';
import { benchmarkRows } from './search-rows.js';

const engine = process.argv[2];
const N = Number(process.argv[3] ?? 10_000);
if (engine !== 'ours' && engine !== 'orama') {
  console.error('usage: node --expose-gc --import tsx bench/search-vs-orama.ts ours|orama [products=10000]');
  process.exit(2);
}

/** The part of @orama/orama 3 used here (typed locally: the package is not installed in the repository). */
interface Orama {
  create(options: { schema: Record<string, string>; components: Record<string, unknown> }): object;
  insertMultiple(db: object, docs: object[], batchSize: number): Promise<unknown>;
  search(db: object, params: Record<string, unknown>): { count: number } | Promise<{ count: number }>;
  count(db: object): number;
}

/** Loads @orama/orama from ORAMA_DIR, or returns null with the reason printed. */
async function loadOrama(): Promise<Orama | null> {
  const dir = process.env.ORAMA_DIR;
  if (!dir) {
    console.error('Orama is not a dependency of this repository: set ORAMA_DIR to a folder where it is installed');
    console.error('  (mkdir <folder> && cd <folder> && npm init -y && npm install @orama/orama@3; see this file)');
    return null;
  }
  try {
    const file = createRequire(path.join(path.resolve(dir), 'package.json')).resolve('@orama/orama');
    return (await import(pathToFileURL(file).href)) as Orama;
  } catch (e) {
    console.error(`@orama/orama not found under ${dir}: ${(e as Error).message}; skipped`);
    return null;
  }
}

const SORTS: SearchSort[] = ['price_asc', 'price_desc', 'newest', 'best_seller'];
const DEPARTMENTS = ['hombre', 'mujer', 'equipo', 'electronics', 'home-garden', 'sports-outdoor'];

interface Job {
  q: string;
  sort: SearchSort;
  page: number;
  departamento?: string;
}

/** The mix's parameters for each query, drawn as searchPaths draws them. */
function jobs(queries: string[], seed: number): Job[] {
  const r = rng(seed);
  return queries.map((q) => {
    const x = r();
    const sort = x >= 0.6 ? SORTS[Math.floor((x - 0.6) / 0.1)] : 'relevance';
    const y = r();
    const page = y < 0.15 ? (y < 0.1 ? 2 : 3) : 1;
    const departamento = r() < 0.1 ? DEPARTMENTS[Math.floor(r() * DEPARTMENTS.length)] : undefined;
    return { q, sort, page, departamento };
  });
}

const measured = buildQueries();
const inMix = new Set(measured);
const warmup = buildQueries(2400, 1).filter((q) => !inMix.has(q));
const measuredJobs = jobs(measured, 11);
const warmupJobs = jobs(warmup, 12);

/** One search: the number of matches. */
type Runner = (job: Job) => number | Promise<number>;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.error('run with --expose-gc for the memory figures');
const MB = (n: number) => +(n / 2 ** 20).toFixed(1);
function memory() {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, external: m.external + m.arrayBuffers, rss: m.rss };
}

const orama = engine === 'orama' ? await loadOrama() : null;
if (engine === 'orama' && !orama) process.exit(0);

/** Builds the engine on the catalogue's rows (dropped afterwards: what stays is what the engine keeps). */
async function build(): Promise<{ run: Runner; extra: string }> {
  const { deps, cats, rows } = benchmarkRows(N);
  if (engine === 'ours') return buildOurs(deps, cats, rows);
  return buildOrama(deps, cats, rows);
}

function buildOurs(deps: DepartmentRow[], cats: CategoryRow[], rows: ProductRow[]): { run: Runner; extra: string } {
  const index = StoreIndex.build('es', deps, cats, rows);
  const synonyms = synonymTable('es', []);
  const run: Runner = (j) =>
    searchIndex(index, {
      plan: planQuery(j.q, 'es', synonyms),
      departamento: j.departamento,
      sort: j.sort,
      page: j.page,
      pageSize: 24,
      synonyms,
    }).total;
  return { run, extra: `${index.main.terms.length} terms, own estimate ${MB(index.estimateBytes())} MB` };
}

async function buildOrama(
  deps: DepartmentRow[],
  cats: CategoryRow[],
  rows: ProductRow[],
): Promise<{ run: Runner; extra: string }> {
  const { create, insertMultiple, search, count } = orama!;
  const depName = new Map(deps.map((d) => [d.id, d.name]));
  const catName = new Map(cats.map((c) => [c.id, c.name]));
  const tokenizer = {
    language: 'spanish',
    normalizationCache: new Map<string, string>(),
    tokenize: (raw: string) => terms(raw, 'es'),
  };
  const db = create({
    schema: {
      codigo: 'string',
      name: 'string',
      tags: 'string',
      text: 'string',
      department: 'enum',
      category: 'enum',
      price: 'number',
      created: 'number',
      sold: 'number',
    },
    components: { tokenizer },
  });
  const docs = rows.map((r) => ({
    id: r.id,
    codigo: r.codigo,
    name: r.name,
    tags: [r.keywords.join(' '), r.brand ?? '', depName.get(r.departmentId!) ?? '', catName.get(r.categoryId!) ?? '']
      .join(' ')
      .trim(),
    text: `${r.shortDescription} ${r.description}`,
    department: r.departmentId!,
    category: r.categoryId!,
    price: r.priceCents,
    created: r.createdAt.getTime(),
    sold: r.soldCount,
  }));
  await insertMultiple(db, docs, 1000);
  const order: Record<string, { property: string; order: 'ASC' | 'DESC' } | undefined> = {
    relevance: undefined,
    price_asc: { property: 'price', order: 'ASC' },
    price_desc: { property: 'price', order: 'DESC' },
    newest: { property: 'created', order: 'DESC' },
    best_seller: { property: 'sold', order: 'DESC' },
  };
  const run: Runner = async (j) => {
    const res = await search(db, {
      term: j.q,
      properties: ['name', 'tags', 'text'],
      boost: { name: 3, tags: 1.5, text: 0.6 },
      threshold: 0,
      where: j.departamento ? { department: { eq: j.departamento } } : undefined,
      facets: j.departamento ? { department: {}, category: {} } : { department: {} },
      sortBy: order[j.sort],
      limit: 24,
      offset: (j.page - 1) * 24,
    });
    return res.count;
  };
  return { run, extra: `${count(db)} documents` };
}

const before = memory();
const t0 = performance.now();
const { run, extra } = await build();
const buildMs = performance.now() - t0;
const after = memory();
console.error(`${engine}, ${N} products: built in ${(buildMs / 1000).toFixed(1)} s; ${extra}`);
console.error(
  `  after the build (GC forced): heap +${MB(after.heap - before.heap)} MB, outside the heap +${MB(after.external - before.external)} MB, RSS ${MB(after.rss)} MB (+${MB(after.rss - before.rss)} MB)`,
);

for (const j of warmupJobs) await run(j);
const times: number[] = [];
let matches = 0;
let empty = 0;
for (const j of measuredJobs) {
  const t = performance.now();
  const n = await run(j);
  times.push(performance.now() - t);
  matches += n;
  if (!n) empty++;
}
times.sort((a, b) => a - b);
const pct = (p: number) => +times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(2);
const result = {
  engine,
  products: N,
  buildS: +(buildMs / 1000).toFixed(1),
  heapMB: MB(after.heap - before.heap),
  outsideHeapMB: MB(after.external - before.external),
  rssMB: MB(after.rss),
  queries: times.length,
  warmup: warmupJobs.length,
  p50: pct(50),
  p95: pct(95),
  p99: pct(99),
  max: +times[times.length - 1].toFixed(1),
  meanMs: +(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2),
  meanMatches: Math.round(matches / times.length),
  noMatch: empty,
};
console.error(
  `  ${result.queries} queries once each (after ${result.warmup} others): p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms; ${result.meanMatches} matches on average, ${empty} with none`,
);
console.log(JSON.stringify(result));
