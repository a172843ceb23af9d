/**
 * What the search module's in-memory index of a store holds, read from the catalog tables, the source of truth: its
 * listable products (visible, not archived) with card data, sort keys and searchable text,
 * and its departments and categories. Every query is scoped by store id. The search module calls these through the
 * catalog's index.ts: it never reads catalog tables itself.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StoreDbContext } from '../../lib/context.js';
import { categories, departments, products } from '../../db/schema/catalog.js';

/** Characters of the long description that are indexed (the start says what the product is). */
const DESCRIPTION_INDEXED_CHARS = 2000;

export interface ProductRow {
  id: string;
  codigo: string;
  name: string;
  priceCents: number;
  compareAtCents: number | null;
  image: string | null;
  ratingAvgX100: number;
  ratingCount: number;
  inStock: boolean;
  departmentId: string | null;
  categoryId: string | null;
  createdAt: Date;
  soldCount: number;
  featured: boolean;
  keywords: string[];
  brand: string | null;
  shortDescription: string;
  description: string;
}

export interface DepartmentRow {
  id: string;
  slug: string;
  name: string;
  position: number;
}

export interface CategoryRow extends DepartmentRow {
  departmentId: string;
}

const productColumns = {
  id: products.id,
  codigo: products.codigo,
  name: products.name,
  priceCents: products.priceCents,
  compareAtCents: products.compareAtCents,
  image: products.imageUrl,
  ratingAvgX100: products.ratingAvg,
  ratingCount: products.ratingCount,
  // Qualified by hand: in a one-table select Drizzle writes bare column names, which the subquery would take as its own.
  inStock: sql<boolean>`exists (select 1 from product_variants v where v.product_id = "products"."id" and v.store_id = "products"."store_id" and v.stock > 0)`,
  departmentId: products.departmentId,
  categoryId: products.categoryId,
  createdAt: products.createdAt,
  soldCount: products.soldCount,
  featured: products.featured,
  keywords: products.keywords,
  brand: products.brand,
  shortDescription: products.shortDescription,
  description: sql<string>`left(${products.description}, ${DESCRIPTION_INDEXED_CHARS})`,
};

/**
 * Listable products of a store; with `ids`, only those (an id missing from the answer is no longer listable). Rows
 * come back as plain objects; numeric columns are converted, so a later switch to bigint money columns stays safe.
 */
export async function loadProducts(ctx: StoreDbContext, ids?: string[]): Promise<ProductRow[]> {
  const { db, storeId } = ctx;
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.visible, true),
        isNull(products.archivedAt),
        ids ? inArray(products.id, ids) : undefined,
      ),
    );
  return rows.map((r) => ({
    ...r,
    priceCents: Number(r.priceCents),
    compareAtCents: r.compareAtCents === null ? null : Number(r.compareAtCents),
    inStock: Boolean(r.inStock),
    createdAt: new Date(r.createdAt),
  }));
}

/** Departments and categories of a store, in their display order. */
export async function loadTaxonomy(
  ctx: StoreDbContext,
): Promise<{ departments: DepartmentRow[]; categories: CategoryRow[] }> {
  const { db, storeId } = ctx;
  const [deps, cats] = await Promise.all([
    db
      .select({ id: departments.id, slug: departments.slug, name: departments.name, position: departments.position })
      .from(departments)
      .where(eq(departments.storeId, storeId))
      .orderBy(asc(departments.position), asc(departments.name)),
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        position: categories.position,
        departmentId: categories.departmentId,
      })
      .from(categories)
      .where(eq(categories.storeId, storeId))
      .orderBy(asc(categories.position), asc(categories.name)),
  ]);
  return { departments: deps, categories: cats };
}
