/**
 * A reseller's listings of suppliers' offers (decision 134; /admin/dropshiping): create, edit, accept the supplier's
 * new price, the bulk pricing rule (decision 139) and the offer as the creation page shows it. Money is integer
 * centavos MXN; percentages of the bulk rule are numbers with at most two decimals.
 */
import { z } from 'zod';
import { MAX_FEE_BPS, paymentFeeCents, platformFeeCents } from '../money.js';
import { text, uuid } from './common.js';

/** The catalogue's highest product price (the product form's variant price), centavos. */
export const MAX_LISTING_PRICE_CENTS = 100_000_000;

/** Stored states (decision 134). */
export const LISTING_STATES = ['active', 'review', 'unpublished'] as const;
export type ListingState = (typeof LISTING_STATES)[number];
/** What the screen shows: the stored state, or `out_of_stock` for an active listing whose supplier has no units. */
export const LISTING_DISPLAY_STATES = ['active', 'review', 'out_of_stock', 'unpublished'] as const;
export type ListingDisplayState = (typeof LISTING_DISPLAY_STATES)[number];

const retailCents = z.number().int({ message: 'i18n:whole_cents' }).min(1).max(MAX_LISTING_PRICE_CENTS);
/** Empty text means "no override": the supplier's text is shown. */
const override = (max: number, multiline = false) =>
  text({ max, multiline })
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));

export const listingVariantPrice = z.object({ sourceVariantId: uuid, retailCents });
export const listingTaxonomy = z
  .object({ department: text({ min: 1, max: 80 }), category: text({ min: 1, max: 80 }) })
  .nullable()
  .default(null);

/** POST /api/admin/listings: one retail price per offered variant (all of them), optional overrides and taxonomy. */
export const createListingBody = z.object({
  offerId: uuid,
  variants: z.array(listingVariantPrice).min(1).max(200),
  titleOverride: override(200),
  descriptionOverride: override(5000, true),
  taxonomy: listingTaxonomy,
});
export type CreateListingBody = z.output<typeof createListingBody>;

/** PUT /api/admin/listings/:id: the same prices, overrides and taxonomy. */
export const updateListingBody = createListingBody.omit({ offerId: true });
export type UpdateListingBody = z.output<typeof updateListingBody>;

export const listingVariant = z.object({
  sourceVariantId: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  /** The supplier's wholesale price now; null when the supplier stopped offering the variant. */
  wholesaleCents: z.number().int().nullable(),
  acceptedWholesaleCents: z.number().int(),
  floorCents: z.number().int().nullable(),
  retailCents: z.number().int(),
  /** What the reseller keeps per unit after the wholesale price and the fees (decision 136); may be negative. */
  marginCents: z.number().int().nullable(),
  /** The supplier's units now. */
  stock: z.number().int(),
});

export const listing = z.object({
  id: z.string(),
  offerId: z.string(),
  productCode: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  supplierName: z.string(),
  state: z.enum(LISTING_STATES),
  displayState: z.enum(LISTING_DISPLAY_STATES),
  /** Some variant's wholesale price differs from the one the reseller accepted. */
  priceChanged: z.boolean(),
  titleOverride: z.string().nullable(),
  descriptionOverride: z.string().nullable(),
  /** The supplier's name and description, shown beside the overrides. */
  sourceName: z.string(),
  sourceDescription: z.string(),
  department: z.string().nullable(),
  category: z.string().nullable(),
  variants: z.array(listingVariant),
  stock: z.number().int(),
});
export type Listing = z.infer<typeof listing>;

export const listingList = z.object({ items: z.array(listing), feeBps: z.number().int() });
export type ListingList = z.infer<typeof listingList>;
export const listingListQuery = z.object({ state: z.enum(LISTING_DISPLAY_STATES).optional() });

export const listingRemoved = z.object({ ok: z.literal(true), archived: z.boolean() });

/** The offer as the creation page shows it (GET /api/admin/listings/offer/:offerId). */
export const listingOffer = z.object({
  offerId: z.string(),
  productCode: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  supplierName: z.string(),
  leadTimeDaysMin: z.number().int(),
  leadTimeDaysMax: z.number().int(),
  /** The reseller's listing of it, when there is one. */
  listingId: z.string().nullable(),
  feeBps: z.number().int(),
  variants: z.array(
    z.object({
      sourceVariantId: z.string(),
      sku: z.string(),
      options: z.record(z.string(), z.string()),
      wholesaleCents: z.number().int(),
      stock: z.number().int(),
      floorCents: z.number().int(),
      suggestedCents: z.number().int().nullable(),
    }),
  ),
});
export type ListingOffer = z.infer<typeof listingOffer>;

/** The bulk rule (decision 139): wholesale × (1 + percent / 100), up to the next price ending in `endingCents`. */
export const bulkPriceBody = z.object({
  percent: z
    .number()
    .min(0)
    .max(1000)
    .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, { params: { i18n: 'invalid' } }),
  endingCents: z.number().int().min(0).max(99),
  /** A listing whose result is under its floor: raised to the floor (at the ending), or left as it is. */
  belowFloor: z.enum(['raise', 'skip']),
  /** Only these listings of the store; all of them when absent. */
  listingIds: z.array(uuid).max(10_000).optional(),
});
export type BulkPriceBody = z.output<typeof bulkPriceBody>;

export const BULK_OUTCOMES = ['priced', 'raised', 'skipped_floor', 'skipped_too_high', 'skipped_not_offered'] as const;
export const bulkPriceResult = z.object({
  priced: z.number().int(),
  raised: z.number().int(),
  skipped: z.number().int(),
  results: z.array(z.object({ listingId: z.string(), outcome: z.enum(BULK_OUTCOMES) })),
});
export type BulkPriceResult = z.infer<typeof bulkPriceResult>;

/** The least price ≥ `cents` whose centavos are `endingCents` (0-99). */
export function roundUpToEnding(cents: number, endingCents: number): number {
  const base = cents - (cents % 100);
  return base + endingCents >= cents ? base + endingCents : base + 100 + endingCents;
}

/** The bulk rule's price: ceil(wholesale × (1 + percent / 100)), then up to the ending. Integer arithmetic. */
export function bulkRetailCents(wholesaleCents: number, percent: number, endingCents: number): number {
  const bp = Math.round(percent * 100);
  const raw = Math.ceil((wholesaleCents * (10_000 + bp)) / 10_000 - 1e-9);
  return roundUpToEnding(raw, endingCents);
}

/**
 * What the reseller keeps of one unit sold at `retailCents` (decision 136): retail − wholesale − Vitrina's fee on the
 * margin at `feeBps` − the payment fee of the retail price. Negative below the floor.
 */
export function listingMarginCents(retailCents: number, wholesaleCents: number, feeBps: number): number {
  const gross = retailCents - wholesaleCents;
  const fee = gross > 0 ? platformFeeCents(gross, Math.min(feeBps, MAX_FEE_BPS)) : 0;
  return gross - fee - paymentFeeCents(retailCents);
}
