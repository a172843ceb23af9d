/** The product-card projection shared by listings, search and recently viewed (contract `productCard`). */
import { sql } from 'drizzle-orm';
import { categories, departments, products } from '../../db/schema/catalog.js';
import type { ProductCard } from '../../../shared/contracts/common.js';

/** Columns to select for a card; join departments and categories with LEFT JOINs. */
export const cardColumns = {
  codigo: products.codigo,
  name: products.name,
  priceCents: products.priceCents,
  compareAtCents: products.compareAtCents,
  image: products.imageUrl,
  ratingAvgX100: products.ratingAvg,
  ratingCount: products.ratingCount,
  // A scalar subquery (not EXISTS): the planner would turn EXISTS into a hash of every variant of every store, when
  // only the page's few rows need it; this form runs after the LIMIT, through the variants' product index.
  inStock: sql<boolean>`coalesce((select true from product_variants v where v.product_id = ${products.id} and v.store_id = ${products.storeId} and v.stock > 0 limit 1), false)`,
  department: departments.name,
  category: categories.name,
};

export type CardRow = {
  codigo: string;
  name: string;
  priceCents: number;
  compareAtCents: number | null;
  image: string | null;
  ratingAvgX100: number;
  ratingCount: number;
  inStock: boolean;
  department: string | null;
  category: string | null;
};

export function toCard(r: CardRow): ProductCard {
  return {
    codigo: r.codigo,
    name: r.name,
    priceCents: r.priceCents,
    compareAtCents: r.compareAtCents,
    image: r.image,
    ratingAvg: Math.round(r.ratingAvgX100) / 100,
    ratingCount: r.ratingCount,
    inStock: Boolean(r.inStock),
    department: r.department,
    category: r.category,
  };
}
