/**
 * The search query mix of `npm run bench`: at least 2,000 distinct queries built from the benchmark
 * catalogue's words and word pairs (the demo catalogues recombined, Spanish and English), some with a typo and some
 * typed without accents, requested with a Zipf distribution (a few queries are frequent, most are rare), with the
 * four sorts, paging and department filters mixed in. Deterministic (seeded), so runs are comparable.
 */
import { readCatalog } from '../src/server/seed/seed-catalog.js';

/** A small seeded PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOP = new Set(
  'de la el con para y en los las del un una por sin su the and of for with to in on a an or'.split(' '),
);
const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** One typo a shopper makes: a letter dropped, doubled, swapped with the next, or replaced by a keyboard neighbour. */
function typo(word: string, r: () => number): string {
  const near: Record<string, string> = {
    a: 's',
    s: 'a',
    d: 's',
    e: 'r',
    r: 't',
    t: 'r',
    o: 'p',
    i: 'o',
    n: 'm',
    m: 'n',
    l: 'k',
    c: 'v',
    u: 'y',
    p: 'o',
  };
  const i = 1 + Math.floor(r() * (word.length - 2));
  switch (Math.floor(r() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    default:
      return word.slice(0, i) + (near[word[i]] ?? 'e') + word.slice(i + 1);
  }
}

/** Distinct queries, most likely first: words and word pairs of names, tags and categories, typos, accent-free. */
export function buildQueries(min = 2400, seed = 9): string[] {
  const r = rng(seed);
  const catalogues = [readCatalog('luma'), readCatalog('vendure')];
  const words = new Set<string>();
  const pairs = new Set<string>();
  for (const c of catalogues) {
    for (const d of c.departments)
      for (const n of [d.name, ...d.categories.map((x) => x.name)]) words.add(n.toLowerCase());
    for (const p of c.products) {
      const ws = p.name
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3 && !STOP.has(w) && !/\d/.test(w));
      ws.forEach((w) => words.add(w));
      for (let i = 0; i + 1 < ws.length; i++) pairs.add(`${ws[i]} ${ws[i + 1]}`);
      for (let i = 0; i + 2 < ws.length; i++) pairs.add(`${ws[i]} ${ws[i + 1]} ${ws[i + 2]}`);
      for (const k of p.keywords) if (k.length >= 3) words.add(k.toLowerCase());
      if (!ws[0]) continue;
      if (ws.length >= 3) pairs.add(`${ws[0]} ${ws[ws.length - 1]}`);
      for (const a of ['pro', 'max', 'sport', 'classic']) pairs.add(`${ws[ws.length - 1]} ${a}`);
      for (const k of p.keywords.slice(1)) pairs.add(`${ws[0]} ${k.toLowerCase()}`);
      const dep = c.departments.find((d) => d.slug === p.department);
      if (dep) pairs.add(`${ws[0]} ${dep.name.toLowerCase()}`);
      for (const v of p.variants.slice(0, 6))
        for (const o of Object.values(v.options))
          if (o.length >= 3 && !/\d/.test(o)) pairs.add(`${ws[0]} ${o.toLowerCase()}`);
    }
  }
  const base = [...words, ...pairs];
  // Shuffle so that popular queries are of every kind.
  for (let i = base.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [base[i], base[j]] = [base[j], base[i]];
  }
  const out = new Set<string>();
  for (const q of base) {
    out.add(q);
    const x = r();
    if (x < 0.2) out.add(q.replace(/\S{5,}/, (w) => typo(w, r)));
    else if (x < 0.4 && stripAccents(q) !== q) out.add(stripAccents(q));
    if (out.size >= min * 1.5) break;
  }
  const list = [...out];
  if (list.length < min) throw new Error(`only ${list.length} distinct queries`);
  return list;
}

/** Samples ranks 0..n-1 with P(k) proportional to 1/(k+1)^s (Zipf). */
export function zipfSampler(n: number, s: number, r: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  return () => {
    const x = r() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const SORTS = ['price_asc', 'price_desc', 'newest', 'best_seller'];

/**
 * `count` request paths of the search endpoint: Zipf-chosen queries (s = 1), relevance on 60 % of them and each sort on
 * 10 %, page 2 or 3 on 15 %, a department filter on 10 %. Returns the paths and how many distinct queries they use.
 */
export function searchPaths(
  count = 30_000,
  seed = 11,
  departments = ['hombre', 'mujer', 'equipo', 'electronics', 'home-garden', 'sports-outdoor'],
): { paths: string[]; distinctQueries: number; totalQueries: number } {
  const queries = buildQueries();
  const r = rng(seed);
  const pick = zipfSampler(queries.length, 1, r);
  const used = new Set<string>();
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const q = queries[pick()];
    used.add(q);
    const params = new URLSearchParams({ q });
    const x = r();
    if (x >= 0.6) params.set('sort', SORTS[Math.floor((x - 0.6) / 0.1)]);
    const y = r();
    if (y < 0.15) params.set('page', y < 0.1 ? '2' : '3');
    if (r() < 0.1) params.set('departamento', departments[Math.floor(r() * departments.length)]);
    paths.push(`/api/reseller/producto/search?${params.toString()}`);
  }
  return { paths, distinctQueries: used.size, totalQueries: queries.length };
}

/**
 * `count` search paths in which no URL repeats (each query with a sort, a page and sometimes a department filter,
 * every combination used once), in a random order of the seed: what a cache meets from shoppers typing freely or
 * a crawler. `skip` leaves out the first combinations of the same order, so a warm-up can use other URLs than the run.
 */
export function uniqueSearchPaths(
  count: number,
  opts: { seed?: number; skip?: number; departments?: string[] } = {},
): string[] {
  const queries = buildQueries();
  const departments = opts.departments ?? ['hombre', 'mujer', 'equipo', 'electronics', 'home-garden', 'sports-outdoor'];
  const r = rng(opts.seed ?? 13);
  const combos = queries.length * (SORTS.length + 1) * 3 * (departments.length + 1);
  if ((opts.skip ?? 0) + count > combos) throw new Error(`only ${combos} distinct search URLs`);
  // A random bijection over the combination numbers: an odd multiplier modulo a power of two above them, skipping
  // what falls outside.
  let m = 1;
  while (m < combos) m *= 2;
  const a = (Math.floor(r() * (m / 4)) * 4 + 1) % m;
  const b = Math.floor(r() * m);
  const out: string[] = [];
  let skipped = 0;
  for (let i = 0; out.length < count; i++) {
    const n = (a * i + b) % m;
    if (n >= combos) continue;
    if (skipped < (opts.skip ?? 0)) {
      skipped++;
      continue;
    }
    let k = n;
    const q = queries[k % queries.length];
    k = Math.floor(k / queries.length);
    const sort = k % (SORTS.length + 1);
    k = Math.floor(k / (SORTS.length + 1));
    const page = (k % 3) + 1;
    const dep = Math.floor(k / 3);
    const params = new URLSearchParams({ q });
    if (sort) params.set('sort', SORTS[sort - 1]);
    if (page > 1) params.set('page', String(page));
    if (dep) params.set('departamento', departments[dep - 1]);
    out.push(`/api/reseller/producto/search?${params.toString()}`);
  }
  return out;
}
