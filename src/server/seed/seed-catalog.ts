import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** The committed demo data folder (seed-data/ at the repository root). */
export const SEED_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../seed-data');

/** Shape of seed-data/catalog/*.json.gz, written by scripts/build-seed-data/build.ts. Money in integer centavos. */
export interface SeedCatalogFile {
  source: string;
  lang: 'es' | 'en';
  departments: {
    name: string;
    slug: string;
    position: number;
    categories: { name: string; slug: string; position: number }[];
  }[];
  products: {
    codigo: string;
    name: string;
    shortDescription: string;
    description: string;
    usage: string;
    keywords: string[];
    department: string;
    category: string;
    brand: string | null;
    priceCents: number;
    compareAtCents: number | null;
    minOrderQty: number;
    weightGrams: number;
    dimensionsCm: { length: number; width: number; height: number };
    packaging: { type: 'cardboard_box' | 'bag' | 'sack'; piecesPerPackage: number };
    attributes: Record<string, string[]>;
    specifications: { label: string; value: string }[];
    variants: { sku: string; options: Record<string, string>; priceCents: number; stock: number }[];
    reviews: { rating: number; title: string; comment: string; author: string; daysAgo: number }[];
    image: string;
    featured: boolean;
    soldCount: number;
  }[];
}

/** Reads a committed demo catalogue. */
export function readCatalog(name: 'luma' | 'vendure' | 'bajio'): SeedCatalogFile {
  return JSON.parse(
    zlib.gunzipSync(fs.readFileSync(path.join(SEED_DATA_DIR, 'catalog', `${name}.json.gz`))).toString('utf8'),
  ) as SeedCatalogFile;
}
