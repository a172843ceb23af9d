/**
 * The marketplace module's tables (decision 134): what suppliers publish to the global catalogue, at which wholesale
 * price, and the listings through which resellers sell it. A listing is a product of the reseller's own store (its
 * product and variant rows live in the catalog tables with the reseller's store id and retail prices), tied here to
 * the supplier's product and variants, whose stock it sells. Money is integer centavos MXN.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { productVariants, products } from './catalog.js';
import { money } from './columns.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A supplier's product in the global catalogue. Never deleted once published (listings and past orders name it):
 * unpublishing sets `status` and `unpublished_at`, and every listing of it stops selling.
 */
export const catalogOffers = pgTable(
  'catalog_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The supplier's store. */
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** published | unpublished */
    status: text('status').notNull().default('published'),
    /** The retail price the supplier suggests to resellers (centavos), shown beside the wholesale price. */
    suggestedRetailCents: money('suggested_retail_cents'),
    /** Days from the order to dispatch. */
    leadTimeDaysMin: integer('lead_time_days_min').notNull().default(1),
    leadTimeDaysMax: integer('lead_time_days_max').notNull().default(3),
    /** Lowest wholesale price of its variants, kept by the service, for sorting and the price facet. */
    wholesaleFromCents: money('wholesale_from_cents').notNull(),
    // What the global catalogue searches and shows, copied from the product by the marketplace module when the offer
    // is published and whenever the product changes (decision 137), so the search reads this table alone.
    /** Product code, name, department and category names, ISO origin, cover image URL base, supplier's name. */
    code: text('code').notNull().default(''),
    name: text('name').notNull().default(''),
    departmentName: text('department_name'),
    categoryName: text('category_name'),
    origin: text('origin'),
    coverUrl: text('cover_url'),
    supplierName: text('supplier_name').notNull().default(''),
    /** Minimum order quantity and the summed stock of the offered variants. */
    moq: integer('moq').notNull().default(1),
    stockTotal: integer('stock_total').notNull().default(0),
    /** False while the product is hidden or archived or none of its offered variants remains: not shown. */
    available: boolean('available').notNull().default(true),
    /** Weighted document in the Spanish configuration over unaccented text, and the unaccented lower-case name. */
    searchVector: tsvector('search_vector'),
    searchName: text('search_name').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalog_offers_product_uq').on(t.productId),
    index('catalog_offers_store_idx').on(t.storeId, t.status),
    index('catalog_offers_status_published_idx').on(t.status, t.publishedAt),
    index('catalog_offers_status_price_idx').on(t.status, t.wholesaleFromCents),
    index('catalog_offers_search_gin').using('gin', t.searchVector),
    index('catalog_offers_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
    check('catalog_offers_status', sql`${t.status} in ('published', 'unpublished')`),
    check('catalog_offers_lead_time', sql`${t.leadTimeDaysMin} between 0 and ${t.leadTimeDaysMax}`),
  ],
);

/** The wholesale price of each variant a supplier offers; a variant without a row is not offered. */
export const catalogOfferVariants = pgTable(
  'catalog_offer_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The supplier's store. */
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => catalogOffers.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    wholesaleCents: money('wholesale_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalog_offer_variants_variant_uq').on(t.variantId),
    index('catalog_offer_variants_offer_idx').on(t.offerId),
    check('catalog_offer_variants_positive', sql`${t.wholesaleCents} > 0`),
  ],
);

/**
 * A reseller's listing of a supplier's offer: its product row in the reseller's store (`product_id`) sells the
 * supplier's stock at the reseller's price. `state`: active | review (the supplier's price changed and the reseller
 * has not reviewed it while the margin is negative) | unpublished (the supplier withdrew the offer); "out of stock"
 * is read from the supplier's stock, never stored.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reseller's store. */
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => catalogOffers.id, { onDelete: 'cascade' }),
    supplierStoreId: uuid('supplier_store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The listing's product in the reseller's store. */
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('active'),
    /** The reseller's own title and description; null shows the supplier's. */
    titleOverride: text('title_override'),
    descriptionOverride: text('description_override'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listings_store_offer_uq').on(t.storeId, t.offerId),
    uniqueIndex('listings_product_uq').on(t.productId),
    index('listings_offer_idx').on(t.offerId),
    index('listings_supplier_idx').on(t.supplierStoreId),
    check('listings_state', sql`${t.state} in ('active', 'review', 'unpublished')`),
  ],
);

/**
 * A variant of a listing: the reseller's variant row and the supplier's variant whose stock it sells, with the
 * wholesale price the reseller last accepted (a later supplier price shows as "review" until accepted again).
 */
export const listingVariants = pgTable(
  'listing_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reseller's store. */
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The reseller's variant. */
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** The supplier's variant. */
    sourceVariantId: uuid('source_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    acceptedWholesaleCents: money('accepted_wholesale_cents').notNull(),
  },
  (t) => [
    uniqueIndex('listing_variants_variant_uq').on(t.variantId),
    index('listing_variants_source_idx').on(t.sourceVariantId),
    index('listing_variants_listing_idx').on(t.listingId),
  ],
);
