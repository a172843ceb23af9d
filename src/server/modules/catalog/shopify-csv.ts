/**
 * Shopify's product CSV format (decisions 063, 064), without the database: the shapes a file is read into
 * (shopify-csv-read.ts reads it), its cells (money, descriptions, image links) and writing products back as a file.
 * Rows that share a Handle are one product.
 */
import { stringify } from 'csv-stringify/sync';
import { compile as compileHtmlToText } from 'html-to-text';
import type { CsvRowReason } from '../../../shared/contracts/catalog-csv.js';

/** A bad line: its number (none for the whole file), the column as the file names it, why, and the cell when it helps. */
export interface CsvProblem {
  line?: number;
  field: string;
  reason: CsvRowReason;
  /** The cell as written (at most 40 characters), for the reasons whose message quotes it (money, stock). */
  value?: string;
}

/** An image URL as the file gives it, and the line of the row that names it. */
export interface CsvImage {
  url: string;
  line: number;
}

export interface CsvVariant {
  line: number;
  /** As written; '' when the file has none (the importer makes one from the handle). */
  sku: string;
  /** Option name (as in the file, e.g. "Color") → value, in option order. */
  options: [string, string][];
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
  grams: number | null;
  barcode: string | null;
  image: string | null;
}

export interface CsvProduct {
  handle: string;
  line: number;
  title: string;
  /** Plain text of Body (HTML). */
  description: string;
  vendor: string;
  productCategory: string;
  type: string;
  /** null when the file has no Tags column or the cell is empty. */
  tags: string[] | null;
  visible: boolean;
  archived: boolean;
  seoDescription: string;
  /** Vitrina's own columns (metafields), written by its export: kept through a round trip. */
  shortDescription: string;
  usage: string;
  department: string;
  industry: string;
  variants: CsvVariant[];
  /** Image URLs by position, each with the line of the row that names it (Image Src). */
  images: CsvImage[];
}

/** Vitrina's fields Shopify lacks, as product metafield columns (Shopify's own header form for metafields). */
export const META_COLUMNS = {
  shortDescription: 'Short description (product.metafields.vitrina.short_description)',
  usage: 'Usage (product.metafields.vitrina.usage)',
  department: 'Department (product.metafields.vitrina.department)',
  industry: 'Industry (product.metafields.vitrina.industry)',
} as const;

const SIZE_SUFFIX = /-(160|480|960|1600)\.webp$/;

/**
 * html-to-text set for a product description: no wrapping, links and images without their URLs, headings as written,
 * list items as "• " lines, one line break (not a blank line) around paragraphs, blocks and tables (a row a line).
 * Scripts and styles are dropped by the library's defaults.
 */
const descriptionText = compileHtmlToText({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'hr', format: 'skip' },
    {
      selector: 'table',
      format: 'dataTable',
      options: { uppercaseHeaderCells: false, leadingLineBreaks: 1, trailingLineBreaks: 1 },
    },
    { selector: 'ul', options: { itemPrefix: '• ', leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'blockquote', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ...['p', 'div', 'ol', 'pre'].map((selector) => ({
      selector,
      options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
    })),
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 },
    })),
  ],
});

/**
 * Plain text of an HTML description (html-to-text): paragraphs, blocks and <br> as new lines, list items as "• "
 * lines, tags, scripts and styles dropped, entities decoded. Control characters and non-breaking spaces become
 * spaces, runs of spaces one, lines are trimmed and at most one blank line is kept, so the text reads the same
 * whatever editor wrote the HTML.
 */
export function htmlToText(html: string): string {
  return descriptionText(html)
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u00a0]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The HTML the export writes for a plain-text description (line breaks as <br>): htmlToText gives it back. */
export function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '<br>');
}

/** A money cell read (parseMoneyCell): its centavos, or why it is refused. */
export type MoneyCell = { cents: number } | { error: 'invalid_price' | 'ambiguous_price' };

/** Most digits of a money cell's whole pesos (a price is at most $1,000,000.00; the caller checks the range). */
const MONEY_MAX_DIGITS = 9;

/**
 * Centavos of a money cell (Variant Price, Compare At Price), read the way decision 111's table says, never guessed:
 * an optional "$", then digits with at most one decimal separator followed by 1 or 2 digits ("349.50", "349,50",
 * "349.5") and, before it, thousands groups of 3 digits marked by the other separator ("1,349.50", "1.349,50",
 * "1,349,000"). One separator followed by exactly 3 digits ("1,349", "1.349") is thousands in one country and
 * decimals in another: `ambiguous_price`. Anything else (letters, a minus sign, 3 decimals, groups that are not of 3
 * digits, two decimal separators) is `invalid_price`. Leading and trailing spaces are ignored.
 */
export function parseMoneyCell(value: string): MoneyCell {
  let s = value.trim();
  if (s.startsWith('$')) s = s.slice(1).trimStart();
  if (!/^[0-9][0-9.,]*[0-9]$|^[0-9]$/.test(s)) return { error: 'invalid_price' };
  const seps = s.replace(/[0-9]/g, '');
  let whole: string;
  let fraction = '';
  if (seps === '') whole = s;
  else if (seps.length === 1) {
    const [head, tail] = s.split(seps) as [string, string];
    if (tail.length === 3 && head.length <= 3) return { error: 'ambiguous_price' };
    if (tail.length > 2) return { error: 'invalid_price' };
    whole = head;
    fraction = tail;
  } else {
    // Two or more separators: the repeated (or first) one groups thousands, a different last one marks decimals.
    const group = seps[0]!;
    const last = seps[seps.length - 1]!;
    const decimal = last !== group ? last : null;
    if ([...seps.slice(0, decimal ? -1 : undefined)].some((c) => c !== group)) return { error: 'invalid_price' };
    const esc = (c: string) => (c === '.' ? '\\.' : c);
    const form = new RegExp(`^\\d{1,3}(?:${esc(group)}\\d{3})+${decimal ? `${esc(decimal)}(\\d{1,2})` : ''}$`);
    const m = form.exec(s);
    if (!m) return { error: 'invalid_price' };
    fraction = m[1] ?? '';
    whole = (decimal ? s.slice(0, s.lastIndexOf(decimal)) : s).split(group).join('');
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole.length > MONEY_MAX_DIGITS) return { error: 'invalid_price' };
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}

/** "19.99" for 1999 centavos. */
export function centsToPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The image URL base (`/uploads/...`) of an image URL written by an export, or null. */
export function imageBase(url: string): string | null {
  let pathname = url.trim();
  if (!pathname) return null;
  if (!pathname.startsWith('/')) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return null;
    }
  }
  const base = pathname.replace(SIZE_SUFFIX, '');
  return /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(base) ? base : null;
}

/** The export's columns, in Shopify's order, then Vitrina's metafields. */
export const EXPORT_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Variant Weight Unit',
  'Status',
  META_COLUMNS.shortDescription,
  META_COLUMNS.usage,
  META_COLUMNS.department,
  META_COLUMNS.industry,
] as const;
export type ExportRow = Partial<Record<(typeof EXPORT_COLUMNS)[number], string>>;

/** Columns whose cells the export writes as numbers: left as they are when they hold a plain number. */
const NUMERIC_COLUMNS = new Set<string>([
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Position',
]);

/**
 * A cell a spreadsheet would run as a formula starts with one of these (OWASP "CSV Injection"); a cell already made
 * safe starts with quotes before one. Text starting with quotes before one is prefixed too, so that the import's
 * undoing of the prefix (`unneutralise`) gives back exactly what was exported.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** The cell as written to the file: a text cell a spreadsheet would run as a formula gets a leading quote. */
function neutralise(column: string, value: string): string {
  if (NUMERIC_COLUMNS.has(column) && /^-?\d+(\.\d+)?$/.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The cell as exported: a cell the export neutralised loses its added quote (the inverse of `neutralise`). */
export function unneutralise(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

/**
 * A CSV file of `rows` under EXPORT_COLUMNS (CRLF line ends, as Shopify writes; UTF-8 without BOM), written by
 * csv-stringify: RFC 4180 quoting, and every neutralised cell and every cell with edge spaces quoted as well.
 */
export function writeCsv(rows: ExportRow[]): string {
  return stringify(
    rows.map((row) => EXPORT_COLUMNS.map((c) => neutralise(c, row[c] ?? ''))),
    {
      header: true,
      columns: [...EXPORT_COLUMNS],
      record_delimiter: '\r\n',
      quoted_match: [NEUTRALISED, /^\s|\s$/],
    },
  );
}
