/**
 * Runs a query plan on a store's in-memory index (decision 033): matches (every word group must match; within a
 * group the best alternative counts), BM25-style relevance, the typo fallback with "did you mean", facet counts, the
 * department and category filters, the four sorts plus relevance, and paging. Synchronous and allocation-light:
 * scratch arrays are reused between queries (Node runs one query at a time).
 */
import type { SearchResponse, SearchSort } from '../../../shared/contracts/catalog.js';
import { replaceWords, type QueryPlan, type QueryWord, type SynonymTable } from './query-plan.js';
import type { StoreIndex } from './store-index.js';
import type { TermIndex } from './term-index.js';
import type { TextSegments } from './text-segments.js';
import type { SearchLang } from './text.js';
import { closestWord } from './typo.js';

/**
 * Weight of a match through a synonym, and through a longer word that starts with the typed one. A synonym counts
 * clearly less than the word typed, so "shoes" lists the products named "Shoe" before "Sneakers" (a shorter name,
 * which length normalisation favours, must not win on the synonym alone).
 */
const SYNONYM_FACTOR = 0.7;
const PREFIX_FACTOR = 0.45;

export interface IndexSearch {
  plan: QueryPlan | null;
  departamento?: string;
  categoria?: string;
  sort: SearchSort;
  page: number;
  pageSize: number;
  synonyms: SynonymTable;
}

class Scratch {
  size = 0;
  score = new Float32Array(0);
  groupScore = new Float32Array(0);
  level = new Int32Array(0);
  levelStamp = new Int32Array(0);
  groupStamp = new Int32Array(0);
  touched = new Int32Array(0);
  next = new Int32Array(0);
  stamp = 0;
  ensure(n: number): void {
    if (n <= this.size) return;
    const size = Math.max(n, this.size * 2, 1024);
    Object.assign(this, {
      size,
      score: new Float32Array(size),
      groupScore: new Float32Array(size),
      level: new Int32Array(size),
      levelStamp: new Int32Array(size),
      groupStamp: new Int32Array(size),
      touched: new Int32Array(size),
      next: new Int32Array(size),
      stamp: 0,
    });
  }
}
const scratchOf = new WeakMap<TextSegments, Scratch>();

function scratchFor(index: TextSegments): Scratch {
  let s = scratchOf.get(index);
  if (!s) scratchOf.set(index, (s = new Scratch()));
  s.ensure(index.ids.length);
  return s;
}

/** Term numbers (with their weight factor) a word may match in one segment. */
function alternatives(seg: TermIndex, w: QueryWord): [number, number][] {
  const out = new Map<number, number>();
  const put = (t: number, f: number) => {
    if (t >= 0 && (out.get(t) ?? 0) < f) out.set(t, f);
  };
  put(seg.find(w.stem), 1);
  for (const s of w.synonymStems) put(seg.find(s), SYNONYM_FACTOR);
  if (w.prefix) {
    const [from, to] = seg.prefixRange(w.surface);
    for (let t = from; t < to; t++) put(t, PREFIX_FACTOR);
  }
  return [...out];
}

function frequency(seg: TermIndex, term: string): number {
  const t = seg.find(term);
  return t < 0 ? 0 : seg.docFrequency(t);
}

/** Ordinals matching every word of `plan` (in `s.touched[0..n)`) with their relevance in `s.score`. */
function match(index: TextSegments, plan: QueryPlan, s: Scratch): number {
  const segs = [index.main, index.delta];
  const N = Math.max(index.liveCount, 1);
  const qs = ++s.stamp;
  let count = 0;
  const idf = (df: number) => Math.log(1 + (N - df + 0.5) / (df + 0.5));
  for (let g = 0; g < plan.words.length; g++) {
    const gs = qs * 64 + g; // a stamp per (query, group); 8 words at most
    const word = plan.words[g];
    // A synonym or a longer word is rarer than the word typed, so its own idf would rank it above the word itself
    // ("sneaker" in 1 product against "shoe" in 6): it never counts as rarer than the word typed, when that occurs.
    const ownDf = frequency(segs[0], word.stem) + frequency(segs[1], word.stem);
    const cap = ownDf > 0 ? idf(ownDf) : Infinity;
    let n = 0;
    for (const seg of segs)
      for (const [t, factor] of alternatives(seg, word)) {
        const term = seg.terms[t];
        const df = frequency(segs[0], term) + frequency(segs[1], term);
        const f = factor * (factor < 1 ? Math.min(idf(df), cap) : idf(df));
        for (let i = seg.start[t], end = seg.start[t + 1]; i < end; i++) {
          const ord = seg.docs[i];
          if (!index.alive[ord]) continue;
          if (g > 0 && (s.levelStamp[ord] !== qs || s.level[ord] !== g)) continue;
          const v = f * seg.weights[i];
          if (s.groupStamp[ord] !== gs) {
            s.groupStamp[ord] = gs;
            s.groupScore[ord] = v;
            s.next[n++] = ord;
          } else if (v > s.groupScore[ord]) s.groupScore[ord] = v;
        }
      }
    for (let k = 0; k < n; k++) {
      const ord = s.next[k];
      s.score[ord] = g === 0 ? s.groupScore[ord] : s.score[ord] + s.groupScore[ord];
      s.levelStamp[ord] = qs;
      s.level[ord] = g + 1;
      s.touched[k] = ord;
    }
    count = n;
    if (!count) break;
  }
  return count;
}

/**
 * Words of the plan that no term of the store matches, with their closest known word. The vocabulary holds the words
 * as written in names and tags, mostly singular ("Laptop"), so a typo in a plural ("laptps", one letter from
 * "laptops") is also tried without its ending: its stem ("laptp") is one letter from "laptop".
 */
function corrections(index: TextSegments, plan: QueryPlan): Map<string, string> {
  const out = new Map<string, string>();
  const frequency = (v: string) => index.vocabulary.get(v) ?? 0;
  for (const w of plan.words) {
    if (alternatives(index.main, w).length || alternatives(index.delta, w).length) continue;
    let fix = index.corrections.get(w.surface);
    if (fix === undefined) {
      fix = closestWord(w.surface, index.vocabulary.keys(), frequency);
      if (!fix && w.stem !== w.surface) fix = closestWord(w.stem, index.vocabulary.keys(), frequency);
      if (index.corrections.size < 50_000) index.corrections.set(w.surface, fix);
    }
    if (fix) out.set(w.surface, fix);
  }
  return out;
}

function comparator(index: StoreIndex, sort: SearchSort, score: Float32Array | null): (a: number, b: number) => number {
  const codigo = (a: number, b: number) =>
    index.cards[a].codigo < index.cards[b].codigo ? -1 : index.cards[a].codigo > index.cards[b].codigo ? 1 : 0;
  switch (sort) {
    case 'price_asc':
      return (a, b) => index.price[a] - index.price[b] || codigo(a, b);
    case 'price_desc':
      return (a, b) => index.price[b] - index.price[a] || codigo(a, b);
    case 'newest':
      return (a, b) => index.created[b] - index.created[a] || codigo(a, b);
    case 'best_seller':
      return (a, b) => index.sold[b] - index.sold[a] || codigo(a, b);
    case 'relevance':
    default:
      return score
        ? (a, b) => score[b] - score[a] || index.sold[b] - index.sold[a] || codigo(a, b)
        : (a, b) => index.featured[b] - index.featured[a] || index.sold[b] - index.sold[a] || codigo(a, b);
  }
}

/** The first `k` ordinals of `list` in `cmp` order (a bounded insertion when k is small against the list). */
export function topK(list: Int32Array, k: number, cmp: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k >= list.length / 8) return Array.from(list).sort(cmp).slice(0, k);
  const top: number[] = [];
  for (const ord of list) {
    if (top.length === k && cmp(ord, top[k - 1]) >= 0) continue;
    let i = top.length < k ? top.length : k - 1;
    if (top.length < k) top.push(ord);
    while (i > 0 && cmp(ord, top[i - 1]) < 0) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = ord;
  }
  return top;
}

/** The documents a query's words match: ordinals `ords[0..count)`, their relevance in `score` (by ordinal). */
export interface TextMatch {
  count: number;
  ords: Int32Array;
  score: Float32Array;
  /** The plan that matched: the one asked, or its typo-corrected form (then `suggestion` is its words). */
  plan: QueryPlan;
  suggestion: string | null;
}

/**
 * Matches `plan` on an index's text segments; when nothing matches and `correct`, tries again with each unknown word
 * replaced by its closest known word. The arrays are scratch space of the index, valid until its next query.
 */
export function matchText(
  index: TextSegments,
  plan: QueryPlan,
  lang: SearchLang,
  synonyms: SynonymTable,
  correct: boolean,
): TextMatch {
  index.prepare();
  const s = scratchFor(index);
  let count = match(index, plan, s);
  let suggestion: string | null = null;
  if (!count && correct) {
    const fixes = corrections(index, plan);
    if (fixes.size) {
      const corrected = replaceWords(plan, fixes, lang, synonyms);
      const n = match(index, corrected, s);
      if (n) {
        plan = corrected;
        count = n;
        suggestion = corrected.words.map((w) => w.surface).join(' ');
      }
    }
  }
  return { count, ords: s.touched, score: s.score, plan, suggestion };
}

/** Every live ordinal of an index, in `ords[0..count)` (scratch space, valid until its next query). */
export function allLive(index: TextSegments): { count: number; ords: Int32Array } {
  index.prepare();
  const s = scratchFor(index);
  let count = 0;
  for (let ord = 0; ord < index.ids.length; ord++) if (index.alive[ord]) s.touched[count++] = ord;
  return { count, ords: s.touched };
}

/** Answers a search on the store's index; `shown`, when given, receives the ids of the products on the page. */
export function searchIndex(index: StoreIndex, q: IndexSearch, shown?: string[]): SearchResponse {
  const { count, ords, score, suggestion } = q.plan
    ? matchText(index, q.plan, index.lang, q.synonyms, q.page === 1)
    : { ...allLive(index), score: null, suggestion: null };

  const { deps, cats } = index.positionsOf(q.departamento, q.categoria);
  const depCount = new Int32Array(index.departments.length);
  const catCount = new Int32Array(index.categories.length);
  const kept = new Int32Array(count);
  let total = 0;
  for (let k = 0; k < count; k++) {
    const ord = ords[k];
    const d = index.dep[ord];
    const c = index.cat[ord];
    if (d >= 0) depCount[d]++;
    const inDep = !deps || deps.has(d);
    if (inDep && c >= 0 && deps) catCount[c]++;
    if (inDep && (!cats || cats.has(c))) kept[total++] = ord;
  }
  const offset = (q.page - 1) * q.pageSize;
  const ordered = topK(kept.subarray(0, total), Math.min(offset + q.pageSize, total), comparator(index, q.sort, score));
  if (shown) for (const ord of ordered.slice(offset)) shown.push(index.ids[ord]);
  return {
    items: ordered.slice(offset).map((ord) => index.cards[ord]),
    total,
    page: q.page,
    pageSize: q.pageSize,
    suggestion,
    departments: index.departments.flatMap((d, i) =>
      depCount[i] ? [{ slug: d.slug, name: d.name, count: depCount[i] }] : [],
    ),
    // Categories of the chosen department only: without one, a slug such as "chamarras" names a category in several
    // departments, and counting them apart gave links whose counts did not match what they list.
    categories: index.categories
      .flatMap((c, i) =>
        catCount[i]
          ? [
              {
                slug: c.slug,
                name: c.name,
                department: index.departments[index.catDep[i]]?.slug ?? '',
                count: catCount[i],
              },
            ]
          : [],
      )
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
