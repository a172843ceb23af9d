/**
 * The benchmark catalogue as the search index reads it (decision 033), without a database: the demo catalogues
 * recombined to `n` products exactly as `seedBenchmarkStore` seeds bench.localhost (names with an adjective and a
 * number, descriptions cut to 600 characters, prices, sales and dates spread the same way). Departments and
 * categories use their slugs as ids ("hombre", "hombre/playeras").
 */
import { readCatalog } from '../src/server/seed/seed-catalog.js';
import type { CategoryRow, DepartmentRow, ProductRow } from '../src/server/modules/search/index-loader.js';

/** The departments, categories and `n` product rows of the benchmark store. */
export function benchmarkRows(n: number): { deps: DepartmentRow[]; cats: CategoryRow[]; rows: ProductRow[] } {
  const sources = [readCatalog('luma'), readCatalog('vendure')];
  const templates = sources.flatMap((c) => c.products);
  const deps = sources.flatMap((c) =>
    c.departments.map((d) => ({ id: d.slug, slug: d.slug, name: d.name, position: d.position })),
  );
  const cats = sources.flatMap((c) =>
    c.departments.flatMap((d) =>
      d.categories.map((x) => ({
        id: `${d.slug}/${x.slug}`,
        slug: x.slug,
        name: x.name,
        position: x.position,
        departmentId: d.slug,
      })),
    ),
  );
  const adjectives = ['Pro', 'Max', 'Lite', 'Plus', 'Eco', 'Ultra', 'Sport', 'Urban', 'Classic', 'Trail'];
  const rows: ProductRow[] = Array.from({ length: n }, (_, i) => {
    const p = templates[i % templates.length];
    return {
      id: `id${i}`,
      codigo: `B${String(i).padStart(6, '0')}`,
      name: `${p.name} ${adjectives[i % adjectives.length]} ${Math.floor(i / templates.length) + 1}`,
      priceCents: p.priceCents + ((i * 1300) % 50_000),
      compareAtCents: null,
      image: null,
      ratingAvgX100: 0,
      ratingCount: 0,
      inStock: true,
      departmentId: p.department,
      categoryId: `${p.department}/${p.category}`,
      createdAt: new Date(Date.now() - i * 60_000),
      soldCount: (i * 7919) % 1000,
      featured: i % 97 === 0,
      keywords: p.keywords,
      brand: p.brand,
      shortDescription: p.shortDescription,
      description: p.description.slice(0, 600),
    };
  });
  return { deps, cats, rows };
}
