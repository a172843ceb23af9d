/**
 * The text side of an in-memory index (decision 033), shared by a store's product index and the global catalogue's
 * offer index: documents by id at ordinals, a main TermIndex built from the whole collection and a small delta rebuilt
 * when documents change (a replaced document is marked dead in the main segment), the typo vocabulary, and when a
 * full rebuild is cheaper than searching the delta. Subclasses keep their own per-ordinal payload (cards, sort keys,
 * facets) next to these arrays.
 */
import { TermIndex, weighDoc, type FieldTerms, type WeightedDoc } from './term-index.js';

/** Documents the delta may hold before a full rebuild is wanted (or a twentieth of the collection, if more). */
export const DELTA_REBUILD_AT = 500;

/** A document ready to index: its terms per field, the words typo correction may suggest, a fingerprint of its text. */
export interface AnalysedDoc {
  fields: FieldTerms;
  surfaces: Iterable<string>;
  textKey: string;
}

/** FNV-1a: a cheap fingerprint of a document's searchable text, to know whether its postings must change. */
export function textFingerprint(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return `${s.length}:${h >>> 0}`;
}

export abstract class TextSegments {
  /** Per ordinal: the document's id and whether it is still the live copy (1) or was replaced or removed (0). */
  readonly ids: string[] = [];
  readonly alive: number[] = [];
  liveCount = 0;
  main: TermIndex = TermIndex.empty();
  delta: TermIndex = TermIndex.empty();
  /** Folded words with the number of documents they appear in (typo correction vocabulary). */
  readonly vocabulary = new Map<string, number>();
  /** Typo corrections already worked out (word -> closest known word, or null); emptied when the vocabulary grows. */
  readonly corrections = new Map<string, string | null>();
  private readonly textKeys: string[] = [];
  private readonly byId = new Map<string, number>();
  private readonly deltaDocs = new Map<string, WeightedDoc>();
  private deltaStale = false;
  private avgLen = [1, 1, 1];

  /**
   * Indexes documents already placed at ordinals 0..n-1 (`analysed[i]` is ordinal i) as the main segment; called
   * once, right after placing them.
   */
  protected buildMain(analysed: readonly AnalysedDoc[]): void {
    const sums = [0, 0, 0];
    for (const a of analysed) for (let f = 0; f < 3; f++) sums[f] += a.fields[f].length;
    this.avgLen = sums.map((s) => s / Math.max(analysed.length, 1));
    this.main = TermIndex.build(analysed.map((a, ord) => weighDoc(ord, a.fields, this.avgLen)));
  }

  /** Appends document `id` at a new ordinal (its payload is the subclass's to push); returns the ordinal. */
  protected placeDoc(id: string, a: AnalysedDoc): number {
    const ord = this.ids.length;
    this.ids.push(id);
    this.alive.push(1);
    this.textKeys.push(a.textKey);
    this.byId.set(id, ord);
    this.liveCount++;
    for (const w of a.surfaces) {
      if (!this.vocabulary.has(w)) this.corrections.clear();
      this.vocabulary.set(w, (this.vocabulary.get(w) ?? 0) + 1);
    }
    return ord;
  }

  /**
   * Applies fresh rows of changed documents: `ids` were asked for, and an id without a row is no longer indexed. A row
   * whose text is unchanged keeps its postings and only its payload is updated (`update`); otherwise the old copy is
   * killed and the row placed anew (`place`, which pushes the subclass's payload and returns `placeDoc`'s ordinal),
   * its postings queued for the delta segment.
   */
  protected applyRows<R extends { id: string }>(
    ids: Iterable<string>,
    rows: readonly R[],
    analyse: (r: R) => AnalysedDoc,
    place: (r: R, a: AnalysedDoc) => number,
    update: (ord: number, r: R) => void,
  ): void {
    const fresh = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = fresh.get(id);
      const old = this.byId.get(id);
      if (!row) {
        if (old !== undefined) this.kill(old);
        continue;
      }
      const a = analyse(row);
      if (old !== undefined && this.textKeys[old] === a.textKey) {
        update(old, row);
        continue;
      }
      if (old !== undefined) this.kill(old);
      const ord = place(row, a);
      this.deltaDocs.set(id, weighDoc(ord, a.fields, this.avgLen));
      this.deltaStale = true;
    }
  }

  /** Marks a document dead (it no longer matches). */
  protected kill(ord: number): void {
    if (!this.alive[ord]) return;
    this.alive[ord] = 0;
    this.liveCount--;
    this.byId.delete(this.ids[ord]);
    this.deltaDocs.delete(this.ids[ord]);
    this.deltaStale = true;
  }

  /** Brings the delta segment up to date (called before each query; cheap when nothing changed). */
  prepare(): void {
    if (!this.deltaStale) return;
    this.delta = TermIndex.build([...this.deltaDocs.values()]);
    this.deltaStale = false;
  }

  /** True once so many documents changed that loading them again is cheaper than searching the delta. */
  get wantsRebuild(): boolean {
    return (
      this.deltaDocs.size > Math.max(DELTA_REBUILD_AT, this.liveCount / 20) ||
      this.ids.length > 2 * this.liveCount + 1000
    );
  }

  /** Bytes of the term segments and vocabulary (estimated for strings); subclasses add their payload. */
  protected textBytes(): number {
    // Per-entry costs of the maps (vocabulary, cached corrections, ids by position) and their strings, as measured
    // with heap snapshots of stores of 50 to 20,000 products (within a factor of about 1.5 either way).
    return (
      this.main.byteSize +
      this.delta.byteSize +
      this.ids.length * 80 +
      this.vocabulary.size * 60 +
      this.corrections.size * 80
    );
  }
}
