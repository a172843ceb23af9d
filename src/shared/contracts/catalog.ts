/** Catalog and search contracts (/, /search, /product; /api/getVistos). */
import { z } from 'zod';
import { cents, codigo, productCard, text } from './common.js';

/** GET /api/reseller/post_categoria_departamento: departments with their categories and product counts. */
export const departmentTree = z.array(
  z.object({
    slug: z.string(),
    name: z.string(),
    productCount: z.number().int(),
    categories: z.array(z.object({ slug: z.string(), name: z.string(), productCount: z.number().int() })),
  }),
);
export type DepartmentTree = z.infer<typeof departmentTree>;

/** GET /api/home: featured, newest and best-selling products for the home page. */
export const homeResponse = z.object({
  featured: z.array(productCard),
  newest: z.array(productCard),
  bestSellers: z.array(productCard),
});
export type HomeResponse = z.infer<typeof homeResponse>;

export const searchSort = z.enum(['relevance', 'price_asc', 'price_desc', 'newest', 'best_seller']);
export type SearchSort = z.infer<typeof searchSort>;

/** GET /api/reseller/producto/search query. `q` may be empty (browse); departamento/categoria are slugs. */
export const searchQuery = z.object({
  q: text({ max: 200 }).optional(),
  departamento: text({ max: 100 }).optional(),
  categoria: text({ max: 100 }).optional(),
  sort: searchSort.default('relevance'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});
export type SearchQuery = z.input<typeof searchQuery>;
/** The validated search query, defaults applied, as the server's search takes it. */
export type SearchParams = z.infer<typeof searchQuery>;

export const searchResponse = z.object({
  items: z.array(productCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Departments with counts among the matches (for the filter list). */
  departments: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  categories: z.array(
    z.object({ slug: z.string(), name: z.string(), department: z.string(), count: z.number().int() }),
  ),
  /** A corrected query when the words matched nothing but similar names exist ("did you mean"). */
  suggestion: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const variant = z.object({
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  priceCents: cents,
  stock: z.number().int(),
  /** The variant's own photo (its colour's photo), URL base like `image`; null: use the product's cover. */
  image: z.string().nullable().default(null),
});
export const review = z.object({
  id: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  comment: z.string(),
  /** Photos the buyer added (URL bases like `image`). */
  photos: z.array(z.object({ id: z.string(), url: z.string() })).default([]),
  /** The store's public answer. */
  answer: z.string().nullable().default(null),
  createdAt: z.string(),
});

/** GET /api/productos/:codigo (404 PRODUCT_NOT_FOUND when hidden, archived or absent). */
export const productDetail = productCard.extend({
  shortDescription: z.string(),
  description: z.string(),
  usage: z.string(),
  keywords: z.array(z.string()),
  brand: z.string().nullable(),
  departmentSlug: z.string().nullable(),
  categorySlug: z.string().nullable(),
  minOrderQty: z.number().int(),
  stock: z.number().int(),
  weightGrams: z.number().int(),
  dimensionsCm: z.object({ length: z.number(), width: z.number(), height: z.number() }),
  packaging: z.object({ type: z.string().optional(), piecesPerPackage: z.number().optional() }).passthrough(),
  attributes: z.record(z.string(), z.array(z.string())),
  specifications: z.array(z.object({ label: z.string(), value: z.string() })),
  variants: z.array(variant),
  optionNames: z.array(z.string()),
  reviews: z.array(review),
  /**
   * Every photo of the product, URL bases like `image`: the cover, the rest of the gallery in the seller's order, then
   * the colour photos the gallery does not hold (a variant's `image` is its colour's). Empty without photos.
   */
  photos: z.array(z.string()).default([]),
});
export type ProductDetail = z.infer<typeof productDetail>;

/** POST /api/getVistos: codes of recently viewed products joined by commas. Answer: product list, in that order. */
export const getVistosBody = z.object({ codigosStrings: text({ max: 2000 }) });
export const getVistosResponse = z.array(productCard);

/** POST /api/visto: records a product view (analytics). */
export const vistoBody = z.object({ codigo });
