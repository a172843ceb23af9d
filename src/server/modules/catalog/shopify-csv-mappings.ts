/**
 * How a Shopify product CSV maps onto Vitrina's product and back (decisions 063, 112): the export's option names, the
 * industry of Shopify's top-level categories, and an imported product's industry, taxonomy, short description and
 * option keys. Pure functions, no database.
 */
import { INDUSTRIES } from '../../../shared/contracts/catalog-admin.js';
import { optionKind, type OptionKind } from '../../../shared/option-labels.js';
import { localiseShopifyCategory } from './shopify-taxonomy.js';
import type { CsvProduct } from './shopify-csv.js';

/** The export's option names for the attribute kinds: Shopify's own (English) ones, which its import recognises. */
export const KIND_NAMES: Record<OptionKind, string> = {
  color: 'Color',
  size: 'Size',
  width: 'Width',
  capacity: 'Capacity',
  type: 'Type',
};

/** Shopify's top-level product categories → Vitrina's industries (decision 063). */
const INDUSTRY_BY_CATEGORY: [RegExp, (typeof INDUSTRIES)[number]][] = [
  [/^apparel|^clothing|^ropa/i, 'apparel'],
  [/shoe|footwear|calzado/i, 'footwear'],
  [/^furniture|^muebles/i, 'furniture'],
  [/^home|^hogar|kitchen/i, 'home'],
  [/^electronics|^electr/i, 'electronics'],
  [/^food|^alimentos/i, 'food'],
  [/beauty|health|belleza/i, 'beauty'],
  [/^toys|juguetes/i, 'toys'],
  [/^sporting|^sports|deporte/i, 'sports'],
  [/^hardware|construc/i, 'construction'],
  [/^vehicles|automo/i, 'automotive'],
  [/^business|industrial/i, 'industrial'],
];

/** The industry of an imported product: its own column, else the one its Shopify Product Category belongs to. */
export function industryOf(p: CsvProduct): (typeof INDUSTRIES)[number] {
  if ((INDUSTRIES as readonly string[]).includes(p.industry)) return p.industry as (typeof INDUSTRIES)[number];
  const known = localiseShopifyCategory(p.productCategory, 'en').industry;
  if (known) return known;
  const top = p.productCategory.split('>')[0]!.trim();
  return INDUSTRY_BY_CATEGORY.find(([re]) => re.test(top))?.[1] ?? 'other';
}

/**
 * Department and category names of an imported product (decisions 063, 112): Vitrina's own department column, else
 * Shopify's Product Category's vertical in the store's language; the seller's Type (in their own language) for the
 * category, else the category's second level in the store's language.
 */
export function taxonomyOf(p: CsvProduct, lang: 'es' | 'en'): { department: string; category: string; given: boolean } {
  const path = localiseShopifyCategory(p.productCategory, lang);
  const department = (p.department || path.department || 'General').slice(0, 80);
  const category = (p.type || path.category || department).slice(0, 80);
  return { department, category, given: Boolean(p.department || path.department || p.type) };
}

/** The short description of an imported product: its own column, else its description cut at a word near 300 characters. */
export function shortDescriptionOf(p: CsvProduct): string {
  if (p.shortDescription) return p.shortDescription;
  const text = (p.description || p.seoDescription).replace(/\s+/g, ' ').trim();
  if (!text) return p.title;
  if (text.length <= 300) return text;
  const cut = text.slice(0, 299);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 200))}…`;
}

/** The option key stored on a variant for a file's option name: its attribute kind, else the name in lower case. */
export const optionKey = (name: string) => optionKind(name) ?? name.toLowerCase();
