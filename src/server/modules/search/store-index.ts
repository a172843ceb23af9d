/**
 * The in-memory search index of one store (decision 033): every listable product's card, sort keys, department and
 * category, and its terms in two segments: the main TermIndex built from the whole catalogue, and a small delta
 * rebuilt when products change, whose replaced documents are marked dead in the main segment. When the delta grows
 * past a share of the catalogue, `wantsRebuild` asks the owner to load the store again.
 */
import type { ProductCard } from '../../../shared/contracts/common.js';
import type { CategoryRow, DepartmentRow, ProductRow } from './index-loader.js';
import type { FieldTerms } from './term-index.js';
import { TextSegments, textFingerprint, type AnalysedDoc } from './text-segments.js';
import { terms, words, type SearchLang } from './text.js';

export { DELTA_REBUILD_AT } from './text-segments.js';

function fieldsOf(
  row: ProductRow,
  dep: DepartmentRow | undefined,
  cat: CategoryRow | undefined,
  lang: SearchLang,
): AnalysedDoc {
  const name = row.name;
  const tags = [row.keywords.join(' '), row.brand ?? '', dep?.name ?? '', cat?.name ?? ''].join(' ');
  const text = `${row.shortDescription} ${row.description}`;
  return {
    fields: [terms(name, lang), terms(tags, lang), terms(text, lang)] as FieldTerms,
    surfaces: new Set([...words(name), ...words(tags)]),
    textKey: textFingerprint(`${name}\u0001${tags}\u0001${text}`),
  };
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

export class StoreIndex extends TextSegments {
  readonly lang: SearchLang;
  readonly departments: DepartmentRow[];
  readonly categories: CategoryRow[];
  /** Per ordinal (beside the ids of TextSegments): card, department and category positions (-1: none), sort keys. */
  readonly cards: ProductCard[] = [];
  readonly dep: number[] = [];
  readonly cat: number[] = [];
  readonly price: number[] = [];
  readonly created: number[] = [];
  readonly sold: number[] = [];
  readonly featured: number[] = [];
  /** Department position of each category. */
  readonly catDep: number[];
  private readonly depPos: Map<string, number>;
  private readonly catPos: Map<string, number>;

  constructor(lang: SearchLang, departments: DepartmentRow[], categories: CategoryRow[]) {
    super();
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
    rows.forEach((r, i) => index.place(r, analysed[i]));
    index.buildMain(analysed);
    return index;
  }

  private analyse(r: ProductRow): AnalysedDoc {
    return fieldsOf(
      r,
      this.departments[this.depPos.get(r.departmentId ?? '') ?? -1],
      this.categories[this.catPos.get(r.categoryId ?? '') ?? -1],
      this.lang,
    );
  }

  /** Appends a product at a new ordinal; returns it. */
  private place(r: ProductRow, a: AnalysedDoc): number {
    const ord = this.placeDoc(r.id, a);
    const d = this.depPos.get(r.departmentId ?? '') ?? -1;
    const c = this.catPos.get(r.categoryId ?? '') ?? -1;
    this.cards.push(cardOf(r, this.departments[d], this.categories[c]));
    this.dep.push(d);
    this.cat.push(c);
    this.price.push(r.priceCents);
    this.created.push(r.createdAt.getTime());
    this.sold.push(r.soldCount);
    this.featured.push(r.featured ? 1 : 0);
    return ord;
  }

  /** Applies fresh rows of changed products (`ids` asked for; an id without a row is no longer listable). */
  apply(ids: string[], rows: ProductRow[]): void {
    this.applyRows(
      ids,
      rows,
      (r) => this.analyse(r),
      (r, a) => this.place(r, a),
      (ord, row) => {
        // Same text: only the card and sort keys change (stock, price, sales, rating); postings stay.
        this.cards[ord] = cardOf(row, this.departments[this.dep[ord]], this.categories[this.cat[ord]]);
        this.price[ord] = row.priceCents;
        this.created[ord] = row.createdAt.getTime();
        this.sold[ord] = row.soldCount;
        this.featured[ord] = row.featured ? 1 : 0;
      },
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
    // Parallel number arrays (a date is a boxed number) and a card object with its strings; a store's fixed part
    // (maps, arrays, its taxonomy) on top.
    const perDoc = 7 * 8 + 16 + 600;
    return 4096 + this.textBytes() + this.ids.length * perDoc;
  }
}
