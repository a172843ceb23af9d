/**
 * The benchmark store (npm run bench): bench.localhost with N products whose names, departments and attributes are
 * recombined from the two demo catalogues, so search sees realistic Spanish and English text. No image processing.
 */
import type { Db } from '../db/client.js';
import { createStore } from '../modules/stores/index.js';
import { bulkInsertProducts, upsertCategory, upsertDepartment, type NewProduct } from '../modules/catalog/index.js';
import { readCatalog } from './seed-catalog.js';

/** Creates the store and its products; returns the product codes. */
export async function seedBenchmarkStore(
  db: Db,
  opts: { products: number },
): Promise<{ storeId: string; codes: string[] }> {
  const { id: storeId } = await createStore(
    { db },
    {
      slug: 'bench',
      name: 'Bench',
      lang: 'es',
      hostnames: ['bench.localhost'],
    },
  );
  const ctx = { db, storeId };
  const sources = [readCatalog('luma'), readCatalog('vendure')];
  const templates = sources.flatMap((c) =>
    c.products.map((p) => ({ p, dep: c.departments.find((d) => d.slug === p.department)! })),
  );
  const ids = new Map<string, { departmentId: string; categoryId: string }>();
  for (const { p, dep } of templates) {
    const key = `${p.department}/${p.category}`;
    if (ids.has(key)) continue;
    const departmentId = await upsertDepartment({ db, storeId }, dep);
    const cat = dep.categories.find((c) => c.slug === p.category)!;
    ids.set(key, { departmentId, categoryId: await upsertCategory({ db, storeId }, departmentId, cat) });
  }
  const adjectives = ['Pro', 'Max', 'Lite', 'Plus', 'Eco', 'Ultra', 'Sport', 'Urban', 'Classic', 'Trail'];
  const items: (NewProduct & { departmentId: string; categoryId: string })[] = [];
  for (let i = 0; i < opts.products; i++) {
    const { p } = templates[i % templates.length];
    const codigo = `B${String(i).padStart(6, '0')}`;
    const price = p.priceCents + ((i * 1300) % 50_000);
    items.push({
      ...ids.get(`${p.department}/${p.category}`)!,
      codigo,
      name: `${p.name} ${adjectives[i % adjectives.length]} ${Math.floor(i / templates.length) + 1}`,
      shortDescription: p.shortDescription,
      description: p.description.slice(0, 600),
      usage: p.usage,
      keywords: p.keywords,
      brand: p.brand,
      attributes: p.attributes,
      specifications: p.specifications,
      imageUrl: null,
      featured: i % 97 === 0,
      soldCount: (i * 7919) % 1000,
      createdAt: new Date(Date.now() - i * 60_000),
      variants: p.variants
        .slice(0, 3)
        .map((v, j) => ({ sku: `${codigo}-${j}`, options: v.options, priceCents: price, stock: 5 + (i % 40) })),
    });
  }
  await bulkInsertProducts(ctx, items);
  return { storeId, codes: items.map((x) => x.codigo) };
}
