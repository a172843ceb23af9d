/**
 * Shopify's product CSV format (decisions 063, 064), without the database: reading a file into
 * products with their variants and the problems of each bad line, and writing products back as a file. Rows that
 * share a Handle are one product: its first row carries the product's fields, every row with a price or an option
 * value is a variant, a row with only an image is one more image. Both the classic headers ("Variant SKU", "Image
 * Src") and the 2024 ones ("SKU", "Product image URL") are read. Lines are the file's own line numbers (the header
 * is line 1), where the row starts.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { compile as compileHtmlToText } from 'html-to-text';
import {
  CSV_MAX_ROWS,
  CSV_MAX_VARIANTS,
  CSV_REQUIRED_COLUMNS,
  type CsvRowReason,
} from '../../../shared/contracts/catalog-csv.js';
import { isValidBarcode } from '../../../shared/contracts/catalog-admin.js';

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
const META = META_COLUMNS;

/** Columns the reader knows: canonical name → accepted headers (lower case). */
const COLUMNS = {
  Handle: ['handle', 'url handle'],
  Title: ['title'],
  'Body (HTML)': ['body (html)', 'description'],
  Vendor: ['vendor'],
  'Product Category': ['product category', 'standard product type', 'standardized product type'],
  Type: ['type', 'custom product type'],
  Tags: ['tags'],
  Published: ['published', 'published on online store'],
  'Option1 Name': ['option1 name'],
  'Option1 Value': ['option1 value'],
  'Option2 Name': ['option2 name'],
  'Option2 Value': ['option2 value'],
  'Option3 Name': ['option3 name'],
  'Option3 Value': ['option3 value'],
  'Variant SKU': ['variant sku', 'sku'],
  'Variant Grams': ['variant grams', 'weight value (grams)'],
  'Variant Inventory Qty': ['variant inventory qty', 'inventory quantity'],
  'Variant Price': ['variant price', 'price'],
  'Variant Compare At Price': ['variant compare at price', 'compare-at price'],
  'Variant Barcode': ['variant barcode', 'barcode'],
  'Image Src': ['image src', 'product image url'],
  'Image Position': ['image position'],
  'Variant Image': ['variant image', 'variant image url'],
  'SEO Description': ['seo description'],
  Status: ['status'],
  [META.shortDescription]: [META.shortDescription.toLowerCase()],
  [META.usage]: [META.usage.toLowerCase()],
  [META.department]: [META.department.toLowerCase()],
  [META.industry]: [META.industry.toLowerCase()],
} as Record<string, string[]>;

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

/** Line of each record: where it starts in the file (1-based), from csv-parse's byte offsets. */
function lineFinder(data: Buffer): (offset: number) => number {
  const breaks: number[] = [];
  for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) breaks.push(i);
  return (offset: number) => {
    while (offset < data.length && (data[offset] === 10 || data[offset] === 13)) offset++;
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** The header row's columns (trimmed), or null when the file does not start with a CSV record. */
export function readHeader(data: Buffer): string[] | null {
  try {
    const [first] = parse(data, { to_line: 1, bom: true, relax_column_count: true }) as string[][];
    return first?.map((h) => h.trim()) ?? null;
  } catch {
    return null;
  }
}

/** Required columns (Handle, Title) the header lacks, by their classic names. */
export function missingColumns(header: string[]): string[] {
  const have = new Set(header.map((h) => h.toLowerCase()));
  return CSV_REQUIRED_COLUMNS.filter((c) => !COLUMNS[c]!.some((alias) => have.has(alias)));
}

const HANDLE = /^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,99}$/u;
const SKU = /^[A-Za-z0-9._\-/]{1,60}$/;

/**
 * Reads a Shopify product CSV: the products (rows grouped by Handle, in file order), every problem found (all lines,
 * not just the first), and the number of data rows. A file that is not CSV at some line gives one `malformed` problem
 * there; more than CSV_MAX_ROWS rows one `too_many_rows`.
 */
export function readShopifyCsv(data: Buffer): { products: CsvProduct[]; problems: CsvProblem[]; rows: number } {
  const problems: CsvProblem[] = [];
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(data, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as never;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return { products: [], problems: [{ line, field: '', reason: 'malformed' }], rows: 0 };
  }
  const lineAt = lineFinder(data);
  const header = (records[0]?.record ?? []).map((h) => h.trim().toLowerCase());
  const index: Record<string, number> = {};
  for (const [name, aliases] of Object.entries(COLUMNS)) {
    const i = header.findIndex((h) => aliases.includes(h));
    if (i !== -1) index[name] = i;
  }
  const rows = records.length - 1;
  if (rows <= 0) return { products: [], problems: [{ field: '', reason: 'no_rows' }], rows: 0 };
  if (rows > CSV_MAX_ROWS) return { products: [], problems: [{ field: '', reason: 'too_many_rows' }], rows };

  const byHandle = new Map<string, CsvProduct & { optionNames: string[]; combos: Set<string> }>();
  const skus = new Map<string, number>();
  for (let r = 1; r < records.length; r++) {
    const rec = records[r]!.record;
    const line = lineAt(records[r - 1]!.info.bytes);
    const cell = (name: string): string => {
      const i = index[name];
      return i === undefined ? '' : unneutralise((rec[i] ?? '').trim());
    };
    const bad = (field: string, reason: CsvRowReason, value?: string) =>
      problems.push({ line, field, reason, ...(value !== undefined && { value: value.slice(0, 40) }) });
    const handle = cell('Handle').toLowerCase();
    if (!handle) {
      bad('Handle', 'required');
      continue;
    }
    if (!HANDLE.test(handle)) {
      bad('Handle', 'invalid_handle');
      continue;
    }
    let product = byHandle.get(handle);
    const errorsBefore = problems.length;
    if (!product) {
      const title = cell('Title');
      if (!title) bad('Title', 'required');
      else if (title.length < 3) bad('Title', 'too_short');
      else if (title.length > 120) bad('Title', 'too_long');
      const published = cell('Published').toLowerCase();
      if (published && published !== 'true' && published !== 'false') bad('Published', 'invalid_boolean');
      const status = cell('Status').toLowerCase();
      if (status && !['active', 'draft', 'archived'].includes(status)) bad('Status', 'invalid_status');
      const limits: [string, number][] = [
        ['Vendor', 80],
        ['Type', 80],
        [META.usage, 1000],
        [META.department, 80],
        [META.shortDescription, 300],
      ];
      for (const [col, max] of limits) if (cell(col).length > max) bad(col, 'too_long');
      const tags = cell('Tags')
        .split(',')
        .map((s) => s.trim().slice(0, 40))
        .filter(Boolean);
      const optionNames = [1, 2, 3].map((n) => cell(`Option${n} Name`));
      product = {
        handle,
        line,
        title,
        description: htmlToText(cell('Body (HTML)')).slice(0, 5000),
        vendor: cell('Vendor'),
        productCategory: cell('Product Category'),
        type: cell('Type'),
        tags: tags.length ? [...new Set(tags.map((s) => s.toLowerCase()))].slice(0, 20) : null,
        visible: published !== 'false' && status !== 'draft',
        archived: status === 'archived',
        seoDescription: cell('SEO Description').slice(0, 1000),
        shortDescription: cell(META.shortDescription),
        usage: cell(META.usage),
        department: cell(META.department),
        industry: cell(META.industry),
        variants: [],
        images: [],
        optionNames,
        combos: new Set(),
      };
      byHandle.set(handle, product);
    }
    const image = cell('Image Src');
    if (image) {
      const pos = Number(cell('Image Position'));
      const at = Number.isInteger(pos) && pos >= 1 && pos <= 250 ? pos - 1 : product.images.length;
      if (product.images[at] === undefined) product.images[at] = { url: image, line };
      else product.images.push({ url: image, line });
    }
    const optionValues = [1, 2, 3].map((n) => cell(`Option${n} Value`));
    const isVariant = Boolean(cell('Variant Price') || cell('Variant SKU') || optionValues.some(Boolean));
    if (!isVariant) continue;

    // A variant row.
    const options: [string, string][] = [];
    product.optionNames.forEach((name, i) => {
      const value = optionValues[i]!;
      if (!name) {
        if (value && !(i === 0 && value.toLowerCase() === 'default title')) bad(`Option${i + 1} Name`, 'required');
        return;
      }
      if (i === 0 && name.toLowerCase() === 'title' && (!value || value.toLowerCase() === 'default title')) return;
      if (!value) bad(`Option${i + 1} Value`, 'required');
      else if (value.length > 40) bad(`Option${i + 1} Value`, 'too_long');
      else options.push([name.slice(0, 40), value]);
    });
    const combo = options.map(([, v]) => v.toLowerCase()).join('\u0000');
    if (product.combos.has(combo)) bad('Option1 Value', 'duplicate_variant');
    product.combos.add(combo);
    const sku = cell('Variant SKU');
    if (sku) {
      if (!SKU.test(sku)) bad('Variant SKU', 'invalid_sku');
      else if (skus.has(sku.toUpperCase())) bad('Variant SKU', 'duplicate_sku');
      else skus.set(sku.toUpperCase(), line);
    }
    const priceCell = cell('Variant Price');
    const price = priceCell ? parseMoneyCell(priceCell) : null;
    if (!price) bad('Variant Price', 'required');
    else if ('error' in price) bad('Variant Price', price.error, priceCell);
    else if (price.cents < 1 || price.cents > 100_000_000) bad('Variant Price', 'invalid_price', priceCell);
    const compareCell = cell('Variant Compare At Price');
    const compare = compareCell ? parseMoneyCell(compareCell) : null;
    if (compare && 'error' in compare) bad('Variant Compare At Price', compare.error, compareCell);
    else if (compare && compare.cents > 100_000_000) bad('Variant Compare At Price', 'invalid_price', compareCell);
    const qtyCell = cell('Variant Inventory Qty');
    // A whole number ("12", "12.0" as some spreadsheets write it); a negative count is a bad line, never 0 (an
    // oversold Shopify item must be counted again by the seller, not silently reset).
    const qty = /^-?\d{1,9}(?:\.0+)?$/.test(qtyCell) ? Number(qtyCell) : qtyCell ? NaN : 0;
    if (Number.isNaN(qty) || qty > 10_000_000) bad('Variant Inventory Qty', 'invalid_integer', qtyCell);
    else if (qty < 0) bad('Variant Inventory Qty', 'negative_stock', qtyCell);
    const gramsCell = cell('Variant Grams');
    const grams = gramsCell ? (/^\d{1,12}(?:\.\d+)?$/.test(gramsCell) ? Number(gramsCell) : NaN) : null;
    if (grams !== null && (!Number.isFinite(grams) || grams < 0 || grams > 100_000_000))
      bad('Variant Grams', 'invalid_number');
    const barcode = cell('Variant Barcode').replace(/^'/, '');
    if (barcode && !isValidBarcode(barcode)) bad('Variant Barcode', 'invalid_barcode');
    if (product.variants.length >= CSV_MAX_VARIANTS) bad('Variant SKU', 'too_many_variants');
    if (problems.length > errorsBefore) continue;
    product.variants.push({
      line,
      sku,
      options,
      priceCents: (price as { cents: number }).cents,
      compareAtCents: compare && 'cents' in compare ? compare.cents : null,
      stock: qty,
      grams: grams === null || grams === 0 ? null : Math.round(grams),
      barcode: barcode || null,
      image: cell('Variant Image') || null,
    });
  }
  const products = [...byHandle.values()].map(({ optionNames: _o, combos: _c, ...p }) => ({
    ...p,
    images: p.images.filter(Boolean),
  }));
  for (const p of products)
    if (!p.variants.length && !problems.some((x) => x.line === p.line))
      problems.push({ line: p.line, field: 'Variant Price', reason: 'required' });
  return { products, problems, rows };
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
