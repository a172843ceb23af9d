/**
 * Reading Shopify's product CSV (decisions 063, 064), without the database: a file into products with their variants
 * and the problems of each bad line. Rows that share a Handle are one product: its first row carries the product's
 * fields, every row with a price or an option value is a variant, a row with only an image is one more image. Both the
 * classic headers ("Variant SKU", "Image Src") and the 2024 ones ("SKU", "Product image URL") are read. Lines are the
 * file's own line numbers (the header is line 1), where the row starts.
 */
import { parse } from 'csv-parse/sync';
import {
  CSV_MAX_ROWS,
  CSV_MAX_VARIANTS,
  CSV_REQUIRED_COLUMNS,
  type CsvRowReason,
} from '../../../shared/contracts/catalog-csv.js';
import { isValidBarcode } from '../../../shared/contracts/catalog-admin.js';
import {
  META_COLUMNS,
  htmlToText,
  parseMoneyCell,
  unneutralise,
  type CsvProblem,
  type CsvProduct,
} from './shopify-csv.js';

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
