/**
 * Micro-benchmark of the in-memory search index alone (decision 033), without HTTP or a database: builds the index of
 * the benchmark catalogue (the demo catalogues recombined, as bench.localhost), times single queries, then every
 * query of the benchmark's mix (bench/search-queries.ts) once with its typo corrections worked out, and once more
 * with them remembered, and reports p50/p95/max of each pass.
 *   node --expose-gc --import tsx bench/search-index-micro.ts [products=10000]
 */
import { StoreIndex } from '../src/server/modules/search/store-index.js';
import { searchIndex } from '../src/server/modules/search/index-query.js';
import { planQuery, synonymTable } from '../src/server/modules/search/query-plan.js';
import { buildQueries } from './search-queries.js';
import { benchmarkRows } from './search-rows.js';

const N = Number(process.argv[2] ?? 10_000);
const { deps, cats, rows } = benchmarkRows(N);

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
gc();
const heap0 = process.memoryUsage().heapUsed;
const t0 = performance.now();
const index = StoreIndex.build('es', deps, cats, rows);
const buildMs = performance.now() - t0;
gc();
console.log(
  `${N} products: built in ${buildMs.toFixed(0)} ms; heap +${((process.memoryUsage().heapUsed - heap0) / 2 ** 20).toFixed(0)} MB (estimate ${(index.estimateBytes() / 2 ** 20).toFixed(0)} MB), ${index.main.terms.length} terms`,
);
const synonyms = synonymTable('es', []);
for (const q of [
  'chamarra',
  'playera',
  'sudadera',
  'short',
  'pantalon',
  'chair',
  'jacket',
  'yoga',
  'camiseta',
  'sudadera capucha',
  'playera sin mangas',
  'pantalon yoga',
  'yo',
  'pla',
  'sudadra',
  'zzzz',
]) {
  const plan = planQuery(q, 'es', synonyms);
  let total = 0;
  const runs = 50;
  const t = performance.now();
  for (let k = 0; k < runs; k++)
    total = searchIndex(index, { plan, sort: 'relevance', page: 1, pageSize: 24, synonyms }).total;
  console.log(
    `  ${q.padEnd(20)} ${String(total).padStart(6)} matches  ${((performance.now() - t) / runs).toFixed(3)} ms`,
  );
}

const mix = buildQueries();
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
for (const pass of ['first (typo corrections worked out)', 'second (corrections remembered)']) {
  const times: number[] = [];
  for (const q of mix) {
    const plan = planQuery(q, 'es', synonyms);
    const t = performance.now();
    searchIndex(index, { plan, sort: 'relevance', page: 1, pageSize: 24, synonyms });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `mix of ${mix.length} queries, ${pass}: p50 ${quantile(times, 0.5).toFixed(3)} ms, p95 ${quantile(times, 0.95).toFixed(3)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
  );
}
