/**
 * The supplier side of the marketplace (decision 134): a supplier's offer of one of its products in the global
 * catalogue, and the global catalogue as resellers search it. Money is integer centavos MXN; lead times are days.
 * Only the fields decision 134 lists cross from the supplier's store to another.
 */
import { z } from 'zod';
import { codigo, text, uuid } from './common.js';

/** Results per page of the global catalogue. */
export const GLOBAL_CATALOG_PAGE_SIZE = 24;
/** Most days a supplier may say it takes to dispatch. */
export const MAX_LEAD_TIME_DAYS = 365;

// Only "a whole number" here: a price of 0 or above the catalogue's largest is refused by the service with its own
// code (OFFER_PRICE_INVALID), the same answer whichever way the offer arrives.
const price = z.number().int({ message: 'i18n:whole_cents' });
const leadDays = z.number().int().min(0).max(MAX_LEAD_TIME_DAYS);

/** PUT body: publish or update the offer of a product. Variants left out are not offered. */
export const publishOfferBody = z
  .object({
    variants: z.array(z.object({ variantId: uuid, wholesaleCents: price })).max(500),
    suggestedRetailCents: price.nullable().default(null),
    leadTimeDaysMin: leadDays.default(1),
    leadTimeDaysMax: leadDays.default(3),
  })
  .refine((b) => b.leadTimeDaysMin <= b.leadTimeDaysMax, {
    path: ['leadTimeDaysMax'],
    params: { i18n: 'range_min_above_max' },
  });
export type PublishOfferBody = z.input<typeof publishOfferBody>;

export const offerProductParams = z.object({ codigo });

/** A variant of the supplier's own product as the offer form shows it: retail price and stock are its own. */
const ownVariant = z.object({
  id: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  priceCents: z.number().int(),
  stock: z.number().int(),
  /** The wholesale price it is offered at; null when not offered. */
  wholesaleCents: z.number().int().nullable(),
});

/** The supplier's view of one of its products in the global catalogue. */
export const supplierOffer = z.object({
  supplierEnabled: z.boolean(),
  product: z.object({
    code: z.string(),
    name: z.string(),
    visible: z.boolean(),
    archived: z.boolean(),
    /** A reseller's listing (another supplier's product): it cannot be offered. */
    isListing: z.boolean(),
    variants: z.array(ownVariant),
  }),
  offer: z
    .object({
      id: z.string(),
      status: z.enum(['published', 'unpublished']),
      suggestedRetailCents: z.number().int().nullable(),
      leadTimeDaysMin: z.number().int(),
      leadTimeDaysMax: z.number().int(),
      wholesaleFromCents: z.number().int(),
      publishedAt: z.string(),
      unpublishedAt: z.string().nullable(),
    })
    .nullable(),
});
export type SupplierOffer = z.infer<typeof supplierOffer>;

export const globalCatalogSort = z.enum(['relevance', 'price_asc', 'price_desc', 'newest']);
export type GlobalCatalogSort = z.infer<typeof globalCatalogSort>;

const pesoCents = z.coerce.number().int().min(0).max(100_000_000).optional();

/** GET query of the global catalogue. Filters are the facets' values (names, a supplier's store id, an ISO code). */
export const globalCatalogQuery = z.object({
  q: text({ max: 200 }).optional(),
  department: text({ max: 120 }).optional(),
  category: text({ max: 120 }).optional(),
  supplier: uuid.optional(),
  origin: text({ max: 2 })
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  priceMin: pesoCents,
  priceMax: pesoCents,
  sort: globalCatalogSort.default('relevance'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type GlobalCatalogQuery = z.input<typeof globalCatalogQuery>;

const supplierRef = z.object({
  storeId: z.string(),
  name: z.string(),
  /** The supplier's badges (verified, audited, diamond; decision 165). */
  badges: z.array(z.string()).optional(),
});

/** One result of the global catalogue: only decision 134's fields, plus whether the asking store already lists it. */
export const globalCatalogItem = z.object({
  offerId: z.string(),
  code: z.string(),
  name: z.string(),
  /** Image URL base (add "-480.webp"), or null. */
  coverUrl: z.string().nullable(),
  wholesaleFromCents: z.number().int(),
  suggestedRetailCents: z.number().int().nullable(),
  stock: z.number().int(),
  moq: z.number().int(),
  leadTimeDaysMin: z.number().int(),
  leadTimeDaysMax: z.number().int(),
  origin: z.string().nullable(),
  supplier: supplierRef,
  listed: z.boolean(),
});
export type GlobalCatalogItem = z.infer<typeof globalCatalogItem>;

const facet = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type GlobalCatalogFacet = z.infer<typeof facet>;

export const globalCatalogPage = z.object({
  items: z.array(globalCatalogItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The words matched nothing exactly: these results are the names closest to them (typo tolerance). */
  approximate: z.boolean(),
  facets: z.object({
    departments: z.array(facet),
    categories: z.array(facet),
    suppliers: z.array(facet),
    origins: z.array(facet),
  }),
});
export type GlobalCatalogPage = z.infer<typeof globalCatalogPage>;

export const globalOfferParams = z.object({ offerId: uuid });

/** One published offer in detail: the product content decision 134 lists, the offered variants and the supplier. */
export const globalOfferDetail = z.object({
  offerId: z.string(),
  code: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  photos: z.array(z.string()),
  attributes: z.record(z.string(), z.array(z.string())),
  specifications: z.array(z.object({ label: z.string(), value: z.string() })),
  packaging: z.record(z.string(), z.unknown()),
  /** Purchase information as decision 134 lets it cross: unit of sale, quantity range, delivery days. */
  purchase: z.object({
    unitOfSale: z.string().nullable(),
    quantityMin: z.number().int().nullable(),
    quantityMax: z.number().int().nullable(),
    deliveryDaysMin: z.number().int().nullable(),
    deliveryDaysMax: z.number().int().nullable(),
  }),
  origin: z.string().nullable(),
  hsCode: z.string().nullable(),
  departmentName: z.string().nullable(),
  categoryName: z.string().nullable(),
  suggestedRetailCents: z.number().int().nullable(),
  wholesaleFromCents: z.number().int(),
  moq: z.number().int(),
  leadTimeDaysMin: z.number().int(),
  leadTimeDaysMax: z.number().int(),
  variants: z.array(
    z.object({
      variantId: z.string(),
      sku: z.string(),
      options: z.record(z.string(), z.string()),
      wholesaleCents: z.number().int(),
      stock: z.number().int(),
    }),
  ),
  supplier: z.object({
    storeId: z.string(),
    name: z.string(),
    businessType: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    registrationYear: z.number().int().nullable(),
    mainIndustry: z.string().nullable(),
    publishedOffers: z.number().int(),
    /** The supplier's badges (verified, audited, diamond; decision 165). */
    badges: z.array(z.string()).optional(),
  }),
  listed: z.boolean(),
});
export type GlobalOfferDetail = z.infer<typeof globalOfferDetail>;
