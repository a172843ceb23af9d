/**
 * A Shopify product CSV of real products for tests: the committed Luma (179) and Vendure (54)
 * catalogues of seed-data/catalog (built from ../shared/datasets), written as Shopify exports them. Made on the fly, so
 * no large file is committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export interface SeedProduct {
  codigo: string;
  name: string;
  description: string;
  keywords: string[];
  department: string;
  category: string;
  brand: string | null;
  compareAtCents: number | null;
  weightGrams: number;
  variants: { sku: string; options: Record<string, string>; priceCents: number; stock: number }[];
}
interface SeedCatalog {
  departments: { slug: string; name: string; categories: { slug: string; name: string }[] }[];
  products: SeedProduct[];
}

const CATALOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data/catalog');
export const load = (file: string): SeedCatalog =>
  JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(CATALOG_DIR, file))).toString('utf8'));

const HEADER = [
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
];
const q = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const OPTION_NAMES: Record<string, string> = { talla: 'Size', color: 'Color' };
export const price = (c: number) => (c / 100).toFixed(2);

/**
 * The committed Luma (179) and Vendure (54) catalogues as one Shopify product CSV, as Shopify writes it: HTML bodies
 * with line breaks inside quoted cells, Type = category, Product Category = department. `prefix` makes handles and
 * SKUs unique per file. `imageUrl` gives each product's Image Src (an import downloads it, decision 080); none when
 * it is not given or answers null.
 */
export function shopifyCsv(
  prefix: string,
  opts: { imageUrl?: (p: SeedProduct, catalog: 'luma' | 'vendure') => string | null } = {},
): { csv: string; products: SeedProduct[]; rows: number } {
  const products: SeedProduct[] = [];
  const lines = [HEADER.join(',')];
  for (const file of ['luma.json.gz', 'vendure.json.gz']) {
    const cat = load(file);
    for (const p of cat.products) {
      const dep = cat.departments.find((d) => d.slug === p.department)!;
      const category = dep.categories.find((c) => c.slug === p.category)!;
      products.push(p);
      const names = Object.keys(p.variants[0]!.options);
      p.variants.forEach((v, i) => {
        const row: Record<string, string> = {
          Handle: `${prefix}-${p.codigo}`.toLowerCase(),
          'Option1 Name': i === 0 ? (OPTION_NAMES[names[0]!] ?? names[0] ?? 'Title') : '',
          'Option1 Value': names[0] ? v.options[names[0]]! : 'Default Title',
          'Option2 Name': i === 0 && names[1] ? (OPTION_NAMES[names[1]] ?? names[1]) : '',
          'Option2 Value': names[1] ? v.options[names[1]]! : '',
          'Variant SKU': `${prefix}-${v.sku}`.slice(0, 60),
          'Variant Grams': String(p.weightGrams),
          'Variant Inventory Qty': String(v.stock),
          'Variant Price': price(v.priceCents),
          'Variant Compare At Price': p.compareAtCents ? price(p.compareAtCents) : '',
          'Variant Weight Unit': 'g',
        };
        if (i === 0)
          Object.assign(row, {
            Title: p.name,
            'Body (HTML)': `<p>${p.description.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>\n')}</p>`,
            Vendor: p.brand ?? '',
            'Product Category': dep.name,
            Type: category.name,
            Tags: p.keywords.join(', '),
            Published: 'TRUE',
            Status: 'active',
          });
        const image = i === 0 ? opts.imageUrl?.(p, file.startsWith('luma') ? 'luma' : 'vendure') : null;
        if (image) Object.assign(row, { 'Image Src': image, 'Image Position': '1' });
        lines.push(HEADER.map((h) => q(row[h] ?? '')).join(','));
      });
    }
  }
  return { csv: `${lines.join('\n')}\n`, products, rows: lines.length - 1 };
}
