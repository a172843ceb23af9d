/**
 * The global catalogue in memory (decision 140): every published, available offer of every supplier, on the search
 * module's text engine (decision 033), with what the catalogue filters, counts, sorts and shows per ordinal. Its
 * terms are the lexemes of the offer's search document as PostgreSQL stored them (`search_vector`, Spanish, weight A
 * the name, B keywords and taxonomy, C descriptions), so the index needs only the offer table and both engines
 * stem alike.
 */
import type { GlobalCatalogItem } from '../../../shared/contracts/marketplace.js';
import { TextSegments, textFingerprint, words, type AnalysedDoc, type FieldTerms } from '../search/index.js';

/** One offer as the index loads it (offer-index-loader.ts): the snapshot columns and the search document's text. */
export interface OfferRow {
  id: string;
  storeId: string;
  code: string;
  name: string;
  departmentName: string | null;
  categoryName: string | null;
  origin: string | null;
  coverUrl: string | null;
  supplierName: string;
  wholesaleFromCents: number;
  suggestedRetailCents: number | null;
  stockTotal: number;
  moq: number;
  leadTimeDaysMin: number;
  leadTimeDaysMax: number;
  publishedAt: Date;
  /** `search_vector::text`: `'lexeme':1A,4C 'other':2B`. */
  document: string;
}

/** An offer's card: what a result shows, less whether the asking store lists it (read per answer). */
export type OfferCard = Omit<GlobalCatalogItem, 'listed'>;

const WEIGHT_FIELD: Record<string, number> = { A: 0, B: 1, C: 2, D: 2 };
const LEXEME = /'((?:[^'\\]|''|\\.)*)':([0-9A-D,]+)/g;

/**
 * The field terms of a tsvector's text: each lexeme once per position, in the field of its weight (A name, B tags,
 * C and D text). A lexeme without positions counts once as text.
 */
export function documentTerms(document: string): FieldTerms {
  const fields: FieldTerms = [[], [], []];
  for (const [, quoted, positions] of document.matchAll(LEXEME)) {
    const lexeme = quoted.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    for (const p of positions.split(',')) fields[WEIGHT_FIELD[p.at(-1)!] ?? 2].push(lexeme);
  }
  return fields;
}

/** The order facet labels tie-break in: the same as String#localeCompare without arguments, without its cost. */
const LABEL_ORDER = new Intl.Collator();

/** Interns facet values: value -> position, with the label shown for each position. */
class Dictionary {
  readonly labels: string[] = [];
  readonly values: string[] = [];
  private readonly pos = new Map<string, number>();
  /** Each position's place in label order; null until asked after a label was added or changed. */
  private rank: Int32Array | null = null;
  positionOf(value: string | null, label: string | null = value): number {
    if (value === null || value === '') return -1;
    let p = this.pos.get(value);
    if (p === undefined) {
      p = this.values.length;
      this.pos.set(value, p);
      this.values.push(value);
      this.labels.push(label ?? value);
      this.rank = null;
    } else if (label !== null && this.labels[p] !== label) {
      this.labels[p] = label;
      this.rank = null;
    }
    return p;
  }
  /** Each position's place when the labels are sorted (so a search compares two integers, not two strings). */
  labelRank(): Int32Array {
    if (!this.rank) {
      const order = this.labels.map((_, i) => i).sort((a, b) => LABEL_ORDER.compare(this.labels[a]!, this.labels[b]!));
      const rank = new Int32Array(order.length);
      order.forEach((position, r) => (rank[position] = r));
      this.rank = rank;
    }
    return this.rank;
  }
  find(value: string | undefined): number | undefined {
    return value === undefined ? undefined : (this.pos.get(value) ?? -2);
  }
}

export class OfferIndex extends TextSegments {
  /** Per ordinal (beside the ids of TextSegments): the card, facet positions (-1: none) and sort keys. */
  readonly cards: OfferCard[] = [];
  readonly supplier: number[] = [];
  readonly dep: number[] = [];
  readonly cat: number[] = [];
  readonly origin: number[] = [];
  readonly price: number[] = [];
  readonly published: number[] = [];
  readonly suppliers = new Dictionary();
  readonly departments = new Dictionary();
  readonly categories = new Dictionary();
  readonly origins = new Dictionary();

  /** Builds the index of every offer in `rows`. */
  static build(rows: readonly OfferRow[]): OfferIndex {
    const index = new OfferIndex();
    const analysed = rows.map(analyse);
    rows.forEach((r, i) => index.place(r, analysed[i]));
    index.buildMain(analysed);
    return index;
  }

  private place(r: OfferRow, a: AnalysedDoc): number {
    const ord = this.placeDoc(r.id, a);
    this.cards.push(cardOf(r));
    this.supplier.push(this.suppliers.positionOf(r.storeId, r.supplierName));
    this.dep.push(this.departments.positionOf(r.departmentName));
    this.cat.push(this.categories.positionOf(r.categoryName));
    this.origin.push(this.origins.positionOf(r.origin));
    this.price.push(r.wholesaleFromCents);
    this.published.push(r.publishedAt.getTime());
    return ord;
  }

  /** Applies fresh rows of changed offers (`ids` asked for; an id without a row is no longer shown). */
  apply(ids: Iterable<string>, rows: readonly OfferRow[]): void {
    this.applyRows(
      ids,
      rows,
      analyse,
      (r, a) => this.place(r, a),
      (ord, row) => {
        // Same document: the card, facets and sort keys change in place (stock, prices, supplier's name); postings stay.
        this.cards[ord] = cardOf(row);
        this.supplier[ord] = this.suppliers.positionOf(row.storeId, row.supplierName);
        this.dep[ord] = this.departments.positionOf(row.departmentName);
        this.cat[ord] = this.categories.positionOf(row.categoryName);
        this.origin[ord] = this.origins.positionOf(row.origin);
        this.price[ord] = row.wholesaleFromCents;
        this.published[ord] = row.publishedAt.getTime();
      },
    );
  }

  /** Ids of the live offers of supplier `storeId` (to find those a reload of the whole supplier no longer returns). */
  offersOf(storeId: string): string[] {
    const s = this.suppliers.find(storeId);
    const out: string[] = [];
    if (s === undefined || s < 0) return out;
    for (let ord = 0; ord < this.ids.length; ord++)
      if (this.alive[ord] && this.supplier[ord] === s) out.push(this.ids[ord]);
    return out;
  }

  /** Approximate memory held, in bytes (typed arrays exactly; strings and cards estimated). */
  estimateBytes(): number {
    return this.textBytes() + this.ids.length * (6 * 8 + 520);
  }
}

function analyse(r: OfferRow): AnalysedDoc {
  return {
    fields: documentTerms(r.document),
    surfaces: new Set([...words(r.name), ...words(r.departmentName ?? ''), ...words(r.categoryName ?? '')]),
    // The name and taxonomy are in the document; the surfaces change only with it.
    textKey: textFingerprint(r.document),
  };
}

function cardOf(r: OfferRow): OfferCard {
  return {
    offerId: r.id,
    code: r.code,
    name: r.name,
    coverUrl: r.coverUrl,
    wholesaleFromCents: r.wholesaleFromCents,
    suggestedRetailCents: r.suggestedRetailCents,
    stock: r.stockTotal,
    moq: r.moq,
    leadTimeDaysMin: r.leadTimeDaysMin,
    leadTimeDaysMax: r.leadTimeDaysMax,
    origin: r.origin,
    supplier: { storeId: r.storeId, name: r.supplierName },
  };
}
