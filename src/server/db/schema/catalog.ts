/**
 * Catalog: departments, categories, products, variants, images, reviews. SPEC §3 "Product", "Review".
 * Money is integer centavos MXN. Stock lives on variants; every product has at least one variant.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { users } from './accounts.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    imageUrl: text('image_url'),
  },
  (t) => [uniqueIndex('departments_store_slug_uq').on(t.storeId, t.slug)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_store_dept_slug_uq').on(t.storeId, t.departmentId, t.slug)],
);

export interface ProductPackaging {
  type?: 'cardboard_box' | 'bag' | 'sack';
  piecesPerPackage?: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
  grossWeightGrams?: number;
  netWeightGrams?: number;
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Product code, unique per store (SPEC route parameter `codigo`). */
    codigo: text('codigo').notNull(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    usage: text('usage').notNull().default(''),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brand: text('brand'),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Lowest variant price, kept in sync by the catalog service, for sorting and listing. */
    priceCents: integer('price_cents').notNull(),
    compareAtCents: integer('compare_at_cents'),
    minOrderQty: integer('min_order_qty').notNull().default(1),
    weightGrams: integer('weight_grams').notNull().default(500),
    lengthCm: integer('length_cm').notNull().default(20),
    widthCm: integer('width_cm').notNull().default(15),
    heightCm: integer('height_cm').notNull().default(10),
    packaging: jsonb('packaging')
      .$type<ProductPackaging>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    attributes: jsonb('attributes')
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    specifications: jsonb('specifications')
      .$type<{ label: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Image path base under /uploads, e.g. "/uploads/<store>/<codigo>/0"; sizes are "-160.webp", "-480.webp", "-960.webp". */
    imageUrl: text('image_url'),
    visible: boolean('visible').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    soldCount: integer('sold_count').notNull().default(0),
    ratingAvg: integer('rating_avg_x100').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Full-text document, built by the catalog service with the store's text-search configuration. */
    searchVector: tsvector('search_vector'),
    /** Unaccented lower-case name, for trigram typo tolerance and prefix suggestions. */
    searchName: text('search_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_store_codigo_uq').on(t.storeId, t.codigo),
    index('products_store_dept_idx').on(t.storeId, t.departmentId),
    index('products_store_cat_idx').on(t.storeId, t.categoryId),
    index('products_store_price_idx').on(t.storeId, t.priceCents),
    index('products_store_created_idx').on(t.storeId, t.createdAt),
    index('products_store_sold_idx').on(t.storeId, t.soldCount),
    index('products_search_gin').using('gin', t.searchVector),
    index('products_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    options: jsonb('options')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    priceCents: integer('price_cents').notNull(),
    /** Units available to sell; decremented atomically when an order is placed, never below 0. */
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('variants_store_sku_uq').on(t.storeId, t.sku), index('variants_product_idx').on(t.productId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    /** visible | hidden | pending (SPEC §4: a new comment is processed with delay). */
    status: text('status').notNull().default('visible'),
    pendingReports: integer('pending_reports').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reviews_store_product_idx').on(t.storeId, t.productId)],
);
