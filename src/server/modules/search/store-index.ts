/**
 * The in-memory search index of one store (decision 033): every listable product's card, sort keys, department and
 * category, and its terms in two segments: the main TermIndex built from the whole catalogue, and a small delta
 * rebuilt when products change, whose replaced documents are marked dead in the main segment. When the delta grows
 * past a share of the catalogue, `wantsRebuild` asks the owner to load the store again.
 */
import type { ProductCard } from '../../../shared/contracts/common.js';
import type { CategoryRow, DepartmentRow, ProductRow } from './index-loader.js';
import { TermIndex, weighDoc, type FieldTerms, type WeightedDoc } from './term-index.js';
import { terms, words, type SearchLang } from './text.js';

/** Documents the delta may hold before a full rebuild is wanted (or a twentieth of the catalogue, if more). */
export const DELTA_REBUILD_AT = 500;

function fieldsOf(row: ProductRow, dep: DepartmentRow | undefined, cat: CategoryRow | undefined, lang: SearchLang) {
  const name = row.name;
  const tags = [row.keywords.join(' '), row.brand ?? '', dep?.name ?? '', cat?.name ?? ''].join(' ');
  const text = `${row.shortDescription} ${row.description}`;
  return {
    fields: [terms(name, lang), terms(tags, lang), terms(text, lang)] as FieldTerms,
    surfaces: new Set([...words(name), ...words(tags)]),
    textKey: `${name}\u0001${tags}\u0001${text}`.length + ':' + hash(`${name}\u0001${tags}\u0001${text}`),
  };
}

/** FNV-1a: a cheap fingerprint of a product's searchable text, to know whether its postings must change. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function cardOf(r: ProductRow, dep: DepartmentRow | undefined, cat: CategoryRow | undefined): ProductCard {
  return {
    codigo: r.codigo,
    name: r.name,
    priceCents: r.priceCents,
    compareAtCents: r.compareAtCents,
    image: r.image,
    ratingAvg: Math.round(r.ratingAvgX100) / 100,
    ratingCount: r.ratingCount,
    inStock: r.inStock,
    department: dep?.name ?? null,
    category: cat?.name ?? null,
  };
}

export class StoreIndex {
  readonly lang: SearchLang;
  readonly departments: DepartmentRow[];
  readonly categories: CategoryRow[];
  /** Per ordinal: product id, card, department and category positions (-1: none), sort keys, liveness. */
  readonly ids: string[] = [];
  readonly cards: ProductCard[] = [];
  readonly dep: number[] = [];
  readonly cat: number[] = [];
  readonly price: number[] = [];
  readonly created: number[] = [];
  readonly sold: number[] = [];
  readonly featured: number[] = [];
  readonly alive: number[] = [];
  private readonly textKeys: string[] = [];
  private readonly byId = new Map<string, number>();
  /** Department position of each category. */
  readonly catDep: number[];
  private readonly depPos: Map<string, number>;
  private readonly catPos: Map<string, number>;
  main: TermIndex = TermIndex.empty();
  delta: TermIndex = TermIndex.empty();
  private readonly deltaDocs = new Map<string, WeightedDoc>();
  private deltaStale = false;
  private avgLen = [1, 1, 1];
  /** Folded words of names and tags with the number of products they appear in (typo correction vocabulary). */
  readonly vocabulary = new Map<string, number>();
  /** Typo corrections already worked out (word -> closest known word, or null); emptied when the vocabulary grows. */
  readonly corrections = new Map<string, string | null>();
  liveCount = 0;

  constructor(lang: SearchLang, departments: DepartmentRow[], categories: CategoryRow[]) {
    this.lang = lang;
    this.departments = departments;
    this.categories = categories;
    this.depPos = new Map(departments.map((d, i) => [d.id, i]));
    this.catPos = new Map(categories.map((c, i) => [c.id, i]));
    this.catDep = categories.map((c) => this.depPos.get(c.departmentId) ?? -1);
  }

  /** Builds the index of a whole store. */
  static build(lang: SearchLang, deps: DepartmentRow[], cats: CategoryRow[], rows: ProductRow[]): StoreIndex {
    const index = new StoreIndex(lang, deps, cats);
    const analysed = rows.map((r) => index.analyse(r));
    const sums = [0, 0, 0];
    for (const a of analysed) for (let f = 0; f < 3; f++) sums[f] += a.fields[f].length;
    index.avgLen = sums.map((s) => s / Math.max(analysed.length, 1));
    index.main = TermIndex.build(
      rows.map((r, i) => weighDoc(index.place(r, analysed[i]), analysed[i].fields, index.avgLen)),
    );
    return index;
  }

  private analyse(r: ProductRow) {
    return fieldsOf(
      r,
      this.departments[this.depPos.get(r.departmentId ?? '') ?? -1],
      this.categories[this.catPos.get(r.categoryId ?? '') ?? -1],
      this.lang,
    );
  }

  /** Appends a product at a new ordinal; returns it. */
  private place(r: ProductRow, a: { surfaces: Set<string>; textKey: string }): number {
    const ord = this.ids.length;
    const d = this.depPos.get(r.departmentId ?? '') ?? -1;
    const c = this.catPos.get(r.categoryId ?? '') ?? -1;
    this.ids.push(r.id);
    this.cards.push(cardOf(r, this.departments[d], this.categories[c]));
    this.dep.push(d);
    this.cat.push(c);
    this.price.push(r.priceCents);
    this.created.push(r.createdAt.getTime());
    this.sold.push(r.soldCount);
    this.featured.push(r.featured ? 1 : 0);
    this.alive.push(1);
    this.textKeys.push(a.textKey);
    this.byId.set(r.id, ord);
    this.liveCount++;
    for (const w of a.surfaces) {
      if (!this.vocabulary.has(w)) this.corrections.clear();
      this.vocabulary.set(w, (this.vocabulary.get(w) ?? 0) + 1);
    }
    return ord;
  }

  /** Applies fresh rows of changed products (`ids` asked for; an id without a row is no longer listable). */
  apply(ids: string[], rows: ProductRow[]): void {
    const fresh = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const ord = this.byId.get(id);
      const row = fresh.get(id);
      if (!row) {
        if (ord !== undefined) this.kill(ord);
        continue;
      }
      const a = this.analyse(row);
      if (ord !== undefined && this.textKeys[ord] === a.textKey) {
        // Same text: only the card and sort keys change (stock, price, sales, rating); postings stay.
        const d = this.dep[ord];
        const c = this.cat[ord];
        this.cards[ord] = cardOf(row, this.departments[d], this.categories[c]);
        this.price[ord] = row.priceCents;
        this.created[ord] = row.createdAt.getTime();
        this.sold[ord] = row.soldCount;
        this.featured[ord] = row.featured ? 1 : 0;
        continue;
      }
      if (ord !== undefined) this.kill(ord);
      const nord = this.place(row, a);
      this.deltaDocs.set(id, weighDoc(nord, a.fields, this.avgLen));
      this.deltaStale = true;
    }
  }

  private kill(ord: number): void {
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

  /** True once so many products changed that loading the store again is cheaper than searching the delta. */
  get wantsRebuild(): boolean {
    return (
      this.deltaDocs.size > Math.max(DELTA_REBUILD_AT, this.liveCount / 20) ||
      this.ids.length > 2 * this.liveCount + 1000
    );
  }

  /** Positions of the departments and categories named by slugs (a category slug may exist in several departments). */
  positionsOf(departamento?: string, categoria?: string): { deps: Set<number> | null; cats: Set<number> | null } {
    const deps = departamento
      ? new Set(this.departments.flatMap((d, i) => (d.slug === departamento ? [i] : [])))
      : null;
    const cats = categoria
      ? new Set(
          this.categories.flatMap((c, i) =>
            c.slug === categoria && (!deps || deps.has(this.depPos.get(c.departmentId) ?? -1)) ? [i] : [],
          ),
        )
      : null;
    return { deps, cats };
  }

  /** Approximate memory held, in bytes (typed arrays exactly; strings and cards estimated). */
  estimateBytes(): number {
    let strings = 0;
    for (const t of this.main.terms) strings += 40 + 2 * t.length;
    const perDoc = 8 * 8 + 420; // parallel number arrays + a card object with its strings
    return this.main.byteSize + this.delta.byteSize + strings + this.ids.length * perDoc + this.vocabulary.size * 60;
  }
}
