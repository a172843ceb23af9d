/** What a store's sitemap lists from the catalogue: listable products and the department tree. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { categories, departments, products } from '../../db/schema/catalog.js';
import type { StoreContext } from '../../lib/context.js';

export interface SitemapEntries {
  products: { codigo: string; updatedAt: Date }[];
  departments: { slug: string; categories: string[] }[];
}

/** Listable (visible, not archived) products by code, and departments with their category slugs, of the store. */
export async function getSitemapEntries(ctx: Pick<StoreContext, 'db' | 'storeId'>): Promise<SitemapEntries> {
  const [rows, deps, cats] = await Promise.all([
    ctx.db
      .select({ codigo: products.codigo, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.storeId, ctx.storeId), eq(products.visible, true), isNull(products.archivedAt)))
      .orderBy(asc(products.codigo)),
    ctx.db
      .select({ id: departments.id, slug: departments.slug })
      .from(departments)
      .where(eq(departments.storeId, ctx.storeId))
      .orderBy(asc(departments.position), asc(departments.slug)),
    ctx.db
      .select({ departmentId: categories.departmentId, slug: categories.slug })
      .from(categories)
      .where(eq(categories.storeId, ctx.storeId))
      .orderBy(asc(categories.position), asc(categories.slug)),
  ]);
  return {
    products: rows,
    departments: deps.map((d) => ({
      slug: d.slug,
      categories: cats.filter((c) => c.departmentId === d.id).map((c) => c.slug),
    })),
  };
}
