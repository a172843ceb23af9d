/**
 * Stores the search benchmark seeds besides the benchmark store: the two demo catalogues without photos, reviews or
 * accounts (search sees the same names, descriptions, keywords, departments and sales as the demo), and the Vendure
 * peer's catalogue for the side-by-side run (shared/peers/vendure).
 */
import fs from 'node:fs';
import type { Db } from '../src/server/db/client.js';
import { createStore } from '../src/server/modules/stores/index.js';
import {
  bulkInsertProducts,
  upsertCategory,
  upsertDepartment,
  type NewProduct,
} from '../src/server/modules/catalog/index.js';
import { readCatalog } from '../src/server/seed/seed-catalog.js';

/** The demo store `demo` (Luma, Spanish) or `hogar` (Vendure demo, English) at <slug>.localhost. */
export async function seedCatalogStore(db: Db, slug: 'demo' | 'hogar'): Promise<void> {
  const c = readCatalog(slug === 'demo' ? 'luma' : 'vendure');
  const { id: storeId } = await createStore(
    { db },
    { slug, name: slug, lang: c.lang, hostnames: [`${slug}.localhost`] },
  );
  const ids = new Map<string, { departmentId: string; categoryId: string }>();
  for (const d of c.departments) {
    const departmentId = await upsertDepartment({ db, storeId }, d);
    for (const cat of d.categories)
      ids.set(`${d.slug}/${cat.slug}`, {
        departmentId,
        categoryId: await upsertCategory({ db, storeId }, departmentId, cat),
      });
  }
  await bulkInsertProducts(
    { db, storeId },
    c.products.map(({ department, category, ...p }) => ({
      ...p,
      ...ids.get(`${department}/${category}`)!,
      imageUrl: null,
    })),
  );
}

interface PeerProduct {
  slug: string;
  name: string;
  description: string;
  facets: { facet: string; value: string }[];
  variants: { sku: string; options: Record<string, string>; price: number; stock: number }[];
}

/**
 * The peer's catalogue as the store bench.localhost (Spanish store language as in the other runs): product code =
 * Vendure slug, variants with their SKUs, options, stock and prices (the source's dollars read as pesos), the first
 * two `category` facets as department and category, `brand` as brand, the other facet values as keywords.
 */
export async function seedPeerCatalog(db: Db, file: string): Promise<{ storeId: string; codes: string[] }> {
  const products = JSON.parse(fs.readFileSync(file, 'utf8')) as PeerProduct[];
  const { id: storeId } = await createStore(
    { db },
    {
      slug: 'bench',
      name: 'Bench',
      lang: 'en',
      hostnames: ['bench.localhost'],
    },
  );
  const slugOf = (s: string) =>
    s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const ids = new Map<string, { departmentId: string | null; categoryId: string | null }>();
  const items: (NewProduct & { departmentId: string | null; categoryId: string | null })[] = [];
  // SKUs are unique per store here; the peer's data repeats a few (Vendure allows it).
  const skus = new Set<string>();
  const uniqueSku = (sku: string) => {
    let s = sku;
    for (let n = 2; skus.has(s); n++) s = `${sku}~${n}`;
    skus.add(s);
    return s;
  };
  for (const p of products) {
    const cats = p.facets.filter((f) => f.facet === 'category').map((f) => f.value);
    const key = cats.slice(0, 2).join('/');
    if (!ids.has(key)) {
      const departmentId = cats[0]
        ? await upsertDepartment({ db, storeId }, { slug: slugOf(cats[0]), name: cats[0] })
        : null;
      const categoryId =
        departmentId && cats[1]
          ? await upsertCategory({ db, storeId }, departmentId, { slug: slugOf(cats[1]), name: cats[1] })
          : null;
      ids.set(key, { departmentId, categoryId });
    }
    items.push({
      ...ids.get(key)!,
      codigo: p.slug,
      name: p.name,
      description: p.description,
      brand: p.facets.find((f) => f.facet === 'brand')?.value ?? null,
      keywords: [...new Set(p.facets.filter((f) => f.facet !== 'category' && f.facet !== 'brand').map((f) => f.value))],
      variants: p.variants.map((v) => ({
        sku: uniqueSku(v.sku),
        options: v.options,
        priceCents: Math.round(v.price * 100),
        stock: v.stock,
      })),
    });
  }
  // Up to 15 variants a product: smaller batches keep a statement under PostgreSQL's 65,535 parameters.
  await bulkInsertProducts({ db, storeId }, items, 100);
  return { storeId, codes: items.map((i) => i.codigo) };
}
