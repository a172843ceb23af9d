/**
 * An immutable inverted index over documents numbered by ordinal (decision 033): a sorted vocabulary of stemmed terms
 * (binary search gives exact and prefix look-ups) and, per term, the documents that contain it with a field-weighted,
 * length-normalised term weight (BM25F-style saturation). Typed arrays keep 100,000 products in tens of megabytes and
 * let a query touch only the postings of its terms.
 */

/** Field weights: a word in the name counts most, then tags (keywords, brand, department, category), then text. */
export const FIELD_BOOST = [3, 1.5, 0.6] as const;
export type FieldTerms = [name: string[], tags: string[], text: string[]];

const K1 = 1.2;
const B = [0.5, 0.3, 0.75];

/** A document's term weights, ready to be indexed (also kept for documents of the small delta segment). */
export interface WeightedDoc {
  ord: number;
  terms: string[];
  weights: Float32Array;
}

/**
 * Weighs the terms of one document. `avgLen` are the mean term counts of the three fields over the collection
 * (a sample is fine: it only scales the length normalisation).
 */
export function weighDoc(ord: number, fields: FieldTerms, avgLen: readonly number[]): WeightedDoc {
  const w = new Map<string, number>();
  for (let f = 0; f < 3; f++) {
    const list = fields[f];
    if (!list.length) continue;
    const tf = new Map<string, number>();
    for (const t of list) tf.set(t, (tf.get(t) ?? 0) + 1);
    const norm = K1 * (1 - B[f] + (B[f] * list.length) / Math.max(avgLen[f], 1));
    for (const [t, n] of tf) w.set(t, (w.get(t) ?? 0) + (FIELD_BOOST[f] * n * (K1 + 1)) / (n + norm));
  }
  return { ord, terms: [...w.keys()], weights: Float32Array.from(w.values()) };
}

export class TermIndex {
  readonly terms: string[];
  /** Postings of term number t are docs/weights[start[t] .. start[t + 1]). */
  readonly start: Int32Array;
  readonly docs: Int32Array;
  readonly weights: Float32Array;

  private constructor(terms: string[], start: Int32Array, docs: Int32Array, weights: Float32Array) {
    this.terms = terms;
    this.start = start;
    this.docs = docs;
    this.weights = weights;
  }

  /** Builds the index of `docs` in two passes (count, then fill), so no per-term arrays are allocated. */
  static build(docs: readonly WeightedDoc[]): TermIndex {
    const ids = new Map<string, number>();
    const counts: number[] = [];
    for (const d of docs)
      for (const t of d.terms) {
        let id = ids.get(t);
        if (id === undefined) {
          id = counts.length;
          ids.set(t, id);
          counts.push(0);
        }
        counts[id]++;
      }
    const sorted = [...ids.keys()].sort();
    const rank = new Int32Array(sorted.length);
    sorted.forEach((t, i) => (rank[ids.get(t)!] = i));
    const start = new Int32Array(sorted.length + 1);
    for (let id = 0; id < counts.length; id++) start[rank[id] + 1] = counts[id];
    for (let i = 0; i < sorted.length; i++) start[i + 1] += start[i];
    const fill = start.slice(0, sorted.length);
    const postDocs = new Int32Array(start[sorted.length]);
    const postWeights = new Float32Array(start[sorted.length]);
    for (const d of docs)
      for (let k = 0; k < d.terms.length; k++) {
        const at = fill[rank[ids.get(d.terms[k])!]]++;
        postDocs[at] = d.ord;
        postWeights[at] = d.weights[k];
      }
    return new TermIndex(sorted, start, postDocs, postWeights);
  }

  static empty(): TermIndex {
    return new TermIndex([], new Int32Array(1), new Int32Array(0), new Float32Array(0));
  }

  /** Position of the first term >= `key`. */
  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Term number of `term`, or -1. */
  find(term: string): number {
    const i = this.lowerBound(term);
    return i < this.terms.length && this.terms[i] === term ? i : -1;
  }

  /** Term numbers [from, to) of every term that starts with `prefix`. */
  prefixRange(prefix: string): [number, number] {
    const from = this.lowerBound(prefix);
    let to = from;
    while (to < this.terms.length && this.terms[to].startsWith(prefix)) to++;
    return [from, to];
  }

  /** Number of documents that contain term number `t`. */
  docFrequency(t: number): number {
    return this.start[t + 1] - this.start[t];
  }

  private strings = -1;

  /**
   * Approximate bytes held: the typed arrays exactly, the term strings estimated (counted once: a TermIndex never
   * changes, and a memory budget asks often).
   */
  get byteSize(): number {
    if (this.strings < 0) {
      this.strings = 0;
      for (const t of this.terms) this.strings += 24 + t.length;
    }
    return this.start.byteLength + this.docs.byteLength + this.weights.byteLength + this.strings;
  }
}
