/**
 * Scores search quality on the judged queries of bench/search-judged.ts. For each query: the relevant
 * products among the first five answers, out of min(5, relevant products); a `none` query scores 1 when the answer is
 * empty and suggests nothing. The score of a store is the sum of hits over the sum of possible hits.
 *
 * Run alone against any server that has the demo stores (the "before" figures came from the previous code this way):
 *   npx tsx bench/search-quality.ts http://127.0.0.1:3000
 */
import { readCatalog } from '../src/server/seed/seed-catalog.js';
import { JUDGED, type Judged } from './search-judged.js';

export interface QualityResult {
  store: 'demo' | 'hogar';
  queries: number;
  score: number;
  hits: number;
  possible: number;
  /** Queries with at least one expected product in the first five (or rightly empty). */
  satisfied: number;
  byKind: Record<string, { hits: number; possible: number }>;
  misses: { q: string; got: string[]; hits: number; possible: number }[];
}

/** Codes of the catalogue products that meet a judged expectation. */
export function relevant(store: 'demo' | 'hogar', e: Exclude<Judged['expect'], 'none'>): Set<string> {
  const c = readCatalog(store === 'demo' ? 'luma' : 'vendure');
  return new Set(
    c.products
      .filter(
        (p) =>
          (!e.codigos || e.codigos.includes(p.codigo)) &&
          (!e.category || p.category === e.category) &&
          (!e.department || p.department === e.department) &&
          (!e.name || e.name.test(p.name)),
      )
      .map((p) => p.codigo),
  );
}

/** One search of a store: the codes of its answer in order, and its "did you mean". */
export type JudgedSearch = (
  store: 'demo' | 'hogar',
  q: string,
) => Promise<{ items: { codigo: string }[]; suggestion: string | null }>;

/** Scores one store of a server at `base` (its domain is sent as X-Store-Domain). */
export async function scoreStore(base: string, store: 'demo' | 'hogar'): Promise<QualityResult> {
  return scoreStoreWith(store, async (s, q) => {
    const res = await fetch(`${base}/api/reseller/producto/search?q=${encodeURIComponent(q)}`, {
      headers: { 'x-store-domain': `${s}.localhost`, 'accept-language': 'es' },
    });
    if (!res.ok) throw new Error(`${q}: HTTP ${res.status}`);
    return (await res.json()) as { items: { codigo: string }[]; suggestion: string | null };
  });
}

/** Scores one store through `search` (an HTTP call, or an injected request in the API tests). */
export async function scoreStoreWith(store: 'demo' | 'hogar', search: JudgedSearch): Promise<QualityResult> {
  const out: QualityResult = {
    store,
    queries: 0,
    score: 0,
    hits: 0,
    possible: 0,
    satisfied: 0,
    byKind: {},
    misses: [],
  };
  for (const j of JUDGED[store]) {
    const body = await search(store, j.q);
    const top = body.items.slice(0, 5).map((i) => i.codigo);
    let hits: number;
    let possible: number;
    if (j.expect === 'none') {
      possible = 1;
      hits = top.length === 0 && !body.suggestion ? 1 : 0;
    } else {
      const want = relevant(store, j.expect);
      if (!want.size) throw new Error(`judged query "${j.q}" expects no product of the catalogue`);
      possible = Math.min(5, want.size);
      hits = top.filter((c) => want.has(c)).length;
    }
    out.queries++;
    out.hits += hits;
    out.possible += possible;
    if (hits > 0) out.satisfied++;
    const k = (out.byKind[j.kind] ??= { hits: 0, possible: 0 });
    k.hits += hits;
    k.possible += possible;
    if (hits < possible) out.misses.push({ q: j.q, got: top, hits, possible });
  }
  out.score = +(out.hits / out.possible).toFixed(3);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  for (const store of ['demo', 'hogar'] as const) {
    const r = await scoreStore(base, store);
    console.log(
      `${store}: score ${r.score} (${r.hits}/${r.possible} hits in the top 5), ${r.satisfied}/${r.queries} queries with a right answer in the top 5`,
    );
    for (const [k, v] of Object.entries(r.byKind)) console.log(`  ${k}: ${v.hits}/${v.possible}`);
    for (const m of r.misses) console.log(`  miss "${m.q}": ${m.got.join(', ') || '(nothing)'}`);
  }
}
