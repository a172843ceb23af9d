/**
 * Quotes (cotizaciones; /admin/cotizaciones, /admin/cotizacion/{id}, "Mis cotizaciones" in /miperfil): a signed-in buyer asks a store
 * for a price on a quantity of one product, the seller answers with prices by quantity tier, services and a validity
 * date, and the buyer accepts one tier through the normal checkout. Money is integer centavos MXN, IVA included
 * (decision 150); dates are days (YYYY-MM-DD).
 */
import { z } from 'zod';
import { cents, codigo, sku, text, uuid } from './common.js';

/** The services a buyer may ask for, each yes/no. */
export const QUOTE_SERVICES = ['freight', 'insurance', 'customs', 'delivery', 'consulting'] as const;
export const quoteServiceName = z.enum(QUOTE_SERVICES);
export type QuoteServiceName = z.infer<typeof quoteServiceName>;

/** Incoterms 2020 a seller may quote under. */
export const INCOTERMS = ['EXW', 'FCA', 'FOB', 'CIF', 'DAP', 'DDP'] as const;
export const incoterm = z.enum(INCOTERMS);

/** requested → sent → accepted | declined | expired (a sent quote past its validity date). */
export const quoteStatus = z.enum(['requested', 'sent', 'accepted', 'declined', 'expired']);
export type QuoteStatus = z.infer<typeof quoteStatus>;

/** Most tiers one answer may hold. */
export const MAX_QUOTE_TIERS = 5;
/** Largest quantity a buyer may ask a quote for (far above any cart, below any overflow of money × quantity). */
export const MAX_QUOTE_QUANTITY = 1_000_000;

export const quoteServices = z.object({
  freight: z.boolean(),
  insurance: z.boolean(),
  customs: z.boolean(),
  delivery: z.boolean(),
  consulting: z.boolean(),
});
export type QuoteServices = z.infer<typeof quoteServices>;

/**
 * POST /api/cotizaciones: a buyer's request. `sku` picks a variant (default the product's first); the quantity must
 * be at least the product's MOQ and within its quantity range (QUOTE_QUANTITY_OUT_OF_RANGE). The request date is the
 * server's.
 */
export const quoteRequestBody = z.object({
  codigo,
  sku: sku.optional(),
  destinationCountry: text({ max: 2 })
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'i18n:country_code' }),
  destinationCity: text({ min: 1, max: 80 }),
  quantity: z.number().int().min(1).max(MAX_QUOTE_QUANTITY),
  services: quoteServices,
  note: text({ max: 1000, multiline: true }).default(''),
});
export type QuoteRequestInput = z.infer<typeof quoteRequestBody>;
export type QuoteRequestFormValues = z.input<typeof quoteRequestBody>;

/** One quantity tier of an answer: that many units at that unit price (centavos, IVA included). */
export const quoteTierInput = z.object({
  quantity: z.number().int().min(1).max(MAX_QUOTE_QUANTITY),
  unitPriceCents: cents.min(1).max(100_000_000),
});

/**
 * PUT /api/admin/quotes/:id: the seller's answer. One tier at least; tiers by growing quantity, each at least the
 * product's MOQ (QUOTE_QUANTITY_OUT_OF_RANGE); a price for each requested service and none for others
 * (QUOTE_SERVICES_MISMATCH); `dutyRateBps` is the seller's estimate of the import duty (basis points of the goods'
 * value), null for none; `validUntil` today or later (QUOTE_VALIDITY_PAST).
 */
export const quoteAnswerBody = z
  .object({
    tiers: z.array(quoteTierInput).min(1).max(MAX_QUOTE_TIERS),
    leadTimeDays: z.number().int().min(0).max(365),
    incoterm,
    services: z
      .array(z.object({ service: quoteServiceName, priceCents: cents.max(100_000_000) }))
      .max(QUOTE_SERVICES.length),
    dutyRateBps: z.number().int().min(0).max(10_000).nullable(),
    validUntil: z.string().date(),
    message: text({ max: 1000, multiline: true }).default(''),
  })
  .superRefine((a, ctx) => {
    for (let i = 1; i < a.tiers.length; i++)
      if (a.tiers[i].quantity <= a.tiers[i - 1].quantity)
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'quantity'], message: 'i18n:quote_tiers_order' });
    const seen = new Set<string>();
    a.services.forEach((s, i) => {
      if (seen.has(s.service))
        ctx.addIssue({ code: 'custom', path: ['services', i, 'service'], message: 'i18n:quote_service_twice' });
      seen.add(s.service);
    });
  });
export type QuoteAnswerInput = z.infer<typeof quoteAnswerBody>;
export type QuoteAnswerFormValues = z.input<typeof quoteAnswerBody>;

/** A tier with its money as the server computed it (decision 150). */
export const quoteTier = z.object({
  quantity: z.number().int(),
  unitPriceCents: cents,
  goodsCents: cents,
  servicesCents: cents,
  /** goods + services: what the order charges for this tier (before an OXXO fee). */
  totalCents: cents,
  /** The IVA (16 %) included in `totalCents`. */
  ivaCents: cents,
  /** Import duty estimate on the goods (not charged; null when the seller gave no rate). */
  dutyEstimateCents: cents.nullable(),
});
export type QuoteTier = z.infer<typeof quoteTier>;

export const quoteAnswer = z.object({
  tiers: z.array(quoteTier),
  leadTimeDays: z.number().int(),
  incoterm,
  services: z.array(z.object({ service: quoteServiceName, priceCents: cents })),
  dutyRateBps: z.number().int().nullable(),
  validUntil: z.string(),
  message: z.string(),
});
export type QuoteAnswer = z.infer<typeof quoteAnswer>;

export const quote = z.object({
  id: uuid,
  status: quoteStatus,
  codigo: z.string(),
  sku: z.string(),
  productName: z.string(),
  image: z.string().nullable(),
  /** The product's HS code (to prefill the duty estimate) and MOQ, as they were when asked. */
  hsCode: z.string().nullable(),
  minOrderQty: z.number().int(),
  quantity: z.number().int(),
  destinationCountry: z.string(),
  destinationCity: z.string(),
  services: quoteServices,
  note: z.string(),
  requestedAt: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  answer: quoteAnswer.nullable(),
  sentAt: z.string().nullable(),
  acceptedTier: z.number().int().nullable(),
  orderId: z.string().nullable(),
});
export type Quote = z.infer<typeof quote>;

export const quoteList = z.object({ quotes: z.array(quote) });
export type QuoteList = z.infer<typeof quoteList>;

/** GET /api/admin/quotes/notifications: `notifications.cotizaciones`, the store's unanswered requests. */
export const quoteNotifications = z.object({ cotizaciones: z.number().int() });
export type QuoteNotifications = z.infer<typeof quoteNotifications>;

/** GET /api/admin/quotes/duty-rate?hsCode=: the duty estimate table's rate for a product's HS chapter, if known. */
export const dutyRateQuery = z.object({ hsCode: text({ max: 12 }) });
export const dutyRate = z.object({ chapter: z.string().nullable(), rateBps: z.number().int().nullable() });

/** The buyer's reference to accept one tier of a sent quote at checkout (POST /api/pedido `quote`). */
export const quoteRef = z.object({
  id: uuid,
  tier: z
    .number()
    .int()
    .min(0)
    .max(MAX_QUOTE_TIERS - 1),
});
export type QuoteRef = z.infer<typeof quoteRef>;
