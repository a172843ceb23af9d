/**
 * Seller catalogue contracts (usage and keywords are mandatory): the product
 * form (/admin/altaproducto, /admin/catalogo/producto/:catalogo_id) and the catalogue list (/admin/catalogo). The same
 * schema validates the web form (zodResolver) and the API body. Money is integer centavos MXN; lengths in cm, weights
 * in grams. Field messages are `errors:fields.<key>` (es, en).
 */
import { z } from 'zod';
import { isValid as isValidGtin } from 'gtin';
import { asStored, codigo, text, uuid } from './common.js';

/** Attribute kinds that give variants. */
export const ATTRIBUTE_KINDS = ['color', 'size', 'width', 'capacity', 'type'] as const;
export const attributeKind = z.enum(ATTRIBUTE_KINDS);
export type AttributeKind = z.infer<typeof attributeKind>;

export const PACKAGING_TYPES = ['cardboard_box', 'bag', 'sack'] as const;
export const PAYMENT_OPTIONS = ['card', 'oxxo', 'transfer', 'cash_on_pickup'] as const;
export const PROTECTIONS = ['refund', 'on_time_delivery', 'quality_guarantee', 'secure_payment'] as const;
export const INDUSTRIES = [
  'apparel',
  'footwear',
  'home',
  'furniture',
  'electronics',
  'food',
  'beauty',
  'toys',
  'sports',
  'industrial',
  'construction',
  'automotive',
  'packaging',
  'other',
] as const;

/** True for a GTIN-8, UPC-A (12), EAN-13 or GTIN-14 with a correct check digit (library `gtin`). */
export function isValidBarcode(value: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(value)) return false;
  try {
    return isValidGtin(value);
  } catch {
    return false;
  }
}

/** Cubic metres of a box of the given centimetres, rounded to 6 decimals (packaging "cubic metre"). */
export function cubicMeters(lengthCm: number, widthCm: number, heightCm: number): number {
  return Math.round(lengthCm * widthCm * heightCm) / 1_000_000;
}

/**
 * A file of the files module: its id and URL base, a path on this site or an http(s) URL of the object store
 * (decision 144). The server takes the stored URL of `fileId`, never this one; the format is only checked.
 */
export const fileRef = z.object({
  fileId: uuid,
  url: text({ min: 1, max: 300 }).regex(/^(\/|https?:\/\/[A-Za-z0-9.:-]+\/)[A-Za-z0-9/_.%-]+$/, {
    message: 'i18n:invalid_format',
  }),
});
export type FileRefInput = z.infer<typeof fileRef>;

const positiveInt = (max: number) => z.number().int().min(1).max(max);
const optionalInt = (max: number) => z.number().int().min(0).max(max).nullable().default(null);

export const sku = text({ min: 1, max: 60 }).regex(/^[A-Za-z0-9._\-/]+$/, { message: 'i18n:invalid_sku' });
/** A variant's SKU in the product form: empty means "make one" (`suggestedSku`, made unique by the server). */
export const variantSku = text({ max: 60 }).regex(/^[A-Za-z0-9._\-/]*$/, { message: 'i18n:invalid_sku' });

/** Up to `max` upper-case letters and digits of `text`, accents dropped ("Taza de barro" → "TAZADE" with 6). */
const skuPart = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, max)
    .toUpperCase();

/**
 * The SKU the catalogue makes for a variant the seller left without one: six letters of the product name, then four
 * of each option value in ATTRIBUTE_KINDS order ("Gorra bordada", red, CH → "GORRAB-ROJO-CH"); "SKU" when the name
 * has no letters. Not unique by itself: the server appends "-2", "-3"… when the store already uses it.
 */
export function suggestedSku(name: string, options: Partial<Record<AttributeKind, string>>): string {
  const parts = ATTRIBUTE_KINDS.map((k) => options[k])
    .filter((v): v is string => Boolean(v))
    .map((v) => skuPart(v, 4))
    .filter(Boolean);
  return [skuPart(name, 6) || 'SKU', ...parts].join('-');
}
export const barcode = text({ max: 14 })
  .refine((v) => v === '' || isValidBarcode(v), { params: { i18n: 'invalid_barcode' } })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .default(null);

/** The largest price (centavos) of a variant the catalogue accepts: $1,000,000.00. */
export const MAX_PRODUCT_PRICE_CENTS = 100_000_000;

export const variantInput = z.object({
  options: z.partialRecord(attributeKind, text({ min: 1, max: 40 })).default({}),
  sku: variantSku,
  barcode,
  priceCents: z.number().int({ message: 'i18n:whole_cents' }).min(1).max(MAX_PRODUCT_PRICE_CENTS),
  stock: z.number().int().min(0).max(10_000_000),
});
export type VariantInput = z.input<typeof variantInput>;

export const packagingInput = z.object({
  type: z.enum(PACKAGING_TYPES),
  photo: fileRef.nullable().default(null),
  piecesPerPackage: positiveInt(1_000_000),
  internalPackaging: text({ max: 200 }).default(''),
  lengthCm: positiveInt(10_000),
  widthCm: positiveInt(10_000),
  heightCm: positiveInt(10_000),
  grossWeightGrams: positiveInt(100_000_000),
  netWeightGrams: positiveInt(100_000_000),
});

export const purchaseInput = z.object({
  unitOfSale: text({ min: 1, max: 40 }),
  minOrderQty: positiveInt(1_000_000),
  quantityMin: optionalInt(10_000_000),
  quantityMax: optionalInt(10_000_000),
  deliveryDaysMin: optionalInt(365),
  deliveryDaysMax: optionalInt(365),
  sample: z.boolean().default(false),
  samplePriceCents: z.number().int({ message: 'i18n:whole_cents' }).min(0).max(100_000_000).nullable().default(null),
  paymentOptions: z.array(z.enum(PAYMENT_OPTIONS)).max(PAYMENT_OPTIONS.length).default([]),
  protections: z.array(z.enum(PROTECTIONS)).max(PROTECTIONS.length).default([]),
  customization: text({ max: 500, multiline: true }).default(''),
  monthlyCapacity: optionalInt(100_000_000),
  containers: text({ max: 200 }).default(''),
});

export const pickupInput = z.object({
  available: z.boolean().default(false),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, { message: 'i18n:invalid_country' })
    .default('MX'),
  postalCode: text({ max: 10 }).default(''),
  address: text({ max: 300 }).default(''),
  notes: text({ max: 300 }).default(''),
});

/**
 * Body of POST /api/admin/products and PUT /api/admin/products/:codigo. Cross-field rules (each a field error):
 * every variant's options name exactly the attributes with values, no two variants share options or SKU, barcodes
 * are not repeated, the sample price is given when a sample is offered, ranges are min ≤ max, net weight ≤ gross,
 * colour photos belong to a colour value, the cover is one of the photos.
 */
export const productInput = z
  .object({
    industry: z.enum(INDUSTRIES, { message: 'i18n:required' }),
    department: text({ min: 1, max: 80 }),
    category: text({ min: 1, max: 80 }),
    name: text({ min: 1, max: 120 }).min(3),
    shortDescription: text({ min: 1, max: 300, multiline: true }).min(10),
    description: text({ max: 5000, multiline: true }).default(''),
    usage: text({ min: 1, max: 1000, multiline: true }).min(3),
    keywords: z
      .array(text({ min: 1, max: 40 }))
      .min(1, { message: 'i18n:keywords_required' })
      .max(20),
    brand: text({ max: 80 }).default(''),
    hsCode: z
      .string()
      .regex(/^(\d{4}|\d{6})?$/, { message: 'i18n:invalid_hs_code' })
      .default(''),
    origin: z
      .string()
      .regex(/^([A-Z]{2})?$/, { message: 'i18n:invalid_country' })
      .default(''),
    visible: z.boolean().default(true),
    attributes: z
      .partialRecord(
        attributeKind,
        z
          .array(text({ min: 1, max: 40 }))
          .max(30)
          .optional(),
      )
      .default({}),
    variants: z.array(variantInput).min(1, { message: 'i18n:variants_required' }).max(300),
    dimensions: z.object({
      lengthCm: positiveInt(10_000),
      widthCm: positiveInt(10_000),
      heightCm: positiveInt(10_000),
      weightGrams: positiveInt(100_000_000),
    }),
    specifications: z
      .array(z.object({ label: text({ min: 1, max: 80 }), value: text({ min: 1, max: 300 }) }))
      .max(50)
      .default([]),
    packaging: packagingInput,
    purchase: purchaseInput,
    pickup: pickupInput.default({ available: false, countryCode: 'MX', postalCode: '', address: '', notes: '' }),
    photos: z.array(fileRef).max(12).default([]),
    coverFileId: uuid.nullable().default(null),
    colourPhotos: z.record(text({ min: 1, max: 40 }), fileRef).default({}),
  })
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], key: string) =>
      ctx.addIssue({ code: 'custom', path, params: { i18n: key }, message: key });
    const kinds = ATTRIBUTE_KINDS.filter((k) => (p.attributes[k]?.length ?? 0) > 0);
    for (const k of kinds) {
      const vals = p.attributes[k] ?? [];
      if (new Set(vals.map((v) => v.toLowerCase())).size !== vals.length) issue(['attributes', k], 'duplicate_value');
    }
    const combos = new Set<string>();
    const skus = new Set<string>();
    const barcodes = new Set<string>();
    p.variants.forEach((v, i) => {
      const keys = Object.keys(v.options);
      const matches =
        keys.length === kinds.length &&
        kinds.every((k) => v.options[k] !== undefined && (p.attributes[k] ?? []).includes(v.options[k]!));
      if (!matches) issue(['variants', i, 'options'], 'variant_options_mismatch');
      const combo = kinds.map((k) => v.options[k]).join('\u0000');
      if (combos.has(combo)) issue(['variants', i, 'options'], 'duplicate_variant');
      combos.add(combo);
      // An empty SKU is made by the server, unique (suggestedSku).
      const skuKey = v.sku.toUpperCase();
      if (skuKey && skus.has(skuKey)) issue(['variants', i, 'sku'], 'duplicate_sku');
      if (skuKey) skus.add(skuKey);
      if (v.barcode) {
        if (barcodes.has(v.barcode)) issue(['variants', i, 'barcode'], 'duplicate_barcode');
        barcodes.add(v.barcode);
      }
    });
    const { purchase: pu, packaging: pk } = p;
    if (pu.sample && pu.samplePriceCents === null) issue(['purchase', 'samplePriceCents'], 'sample_price_required');
    if (pu.quantityMin !== null && pu.quantityMax !== null && pu.quantityMin > pu.quantityMax)
      issue(['purchase', 'quantityMax'], 'range_min_above_max');
    if (pu.deliveryDaysMin !== null && pu.deliveryDaysMax !== null && pu.deliveryDaysMin > pu.deliveryDaysMax)
      issue(['purchase', 'deliveryDaysMax'], 'range_min_above_max');
    if (pk.netWeightGrams > pk.grossWeightGrams) issue(['packaging', 'netWeightGrams'], 'net_above_gross');
    const colours = p.attributes.color ?? [];
    for (const c of Object.keys(p.colourPhotos))
      if (!colours.includes(c)) issue(['colourPhotos', c], 'colour_photo_unknown_colour');
    if (p.coverFileId && !p.photos.some((f) => f.fileId === p.coverFileId))
      issue(['coverFileId'], 'cover_not_in_gallery');
    if (p.pickup.available && !p.pickup.address) issue(['pickup', 'address'], 'required');
  });
export type ProductInput = z.input<typeof productInput>;
export type ProductInputParsed = z.infer<typeof productInput>;

/** GET /api/admin/products/:codigo: the form's values plus what the system keeps. */
const adminProductShape = z.object({
  codigo: z.string(),
  model: z.string(),
  industry: z.string(),
  department: z.string(),
  category: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  usage: z.string(),
  keywords: z.array(z.string()),
  brand: z.string(),
  hsCode: z.string(),
  origin: z.string(),
  visible: z.boolean(),
  archived: z.boolean(),
  /** A dropshipping listing's product: its content follows the supplier's and it is edited in Dropshipping. */
  isListing: z.boolean(),
  /** Attribute kinds; a product made before the form may have other option names (then editing asks to rename). */
  attributes: z.record(z.string(), z.array(z.string())),
  variants: z.array(
    z.object({
      options: z.record(z.string(), z.string()),
      sku: z.string(),
      barcode: z.string().nullable(),
      priceCents: z.number().int(),
      stock: z.number().int(),
      image: z.string().nullable(),
    }),
  ),
  dimensions: z.object({
    lengthCm: z.number().int(),
    widthCm: z.number().int(),
    heightCm: z.number().int(),
    weightGrams: z.number().int(),
  }),
  specifications: z.array(z.object({ label: z.string(), value: z.string() })),
  packaging: packagingInput.extend({ cubicMeters: z.number() }),
  purchase: purchaseInput,
  pickup: pickupInput,
  photos: z.array(fileRef),
  coverFileId: z.string().nullable(),
  colourPhotos: z.record(z.string(), fileRef),
  image: z.string().nullable(),
  priceCents: z.number().int(),
  totalStock: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** Read back without today's input rules (`asStored`): a row saved under an older rule never fails the answer. */
export const adminProduct = asStored(adminProductShape);
export type AdminProduct = z.infer<typeof adminProduct>;

/** GET /api/admin/products query. */
export const adminProductListQuery = z.object({
  q: text({ max: 100 }).optional(),
  status: z.enum(['active', 'archived']).default('active'),
  stock: z.enum(['all', 'out', 'in']).default('all'),
  visibility: z.enum(['all', 'visible', 'hidden']).default('all'),
  department: text({ max: 80 }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;

export const adminProductRow = z.object({
  codigo: z.string(),
  model: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  department: z.string().nullable(),
  category: z.string().nullable(),
  priceCents: z.number().int(),
  totalStock: z.number().int(),
  variantCount: z.number().int(),
  visible: z.boolean(),
  archived: z.boolean(),
  /** A dropshipping listing's product (edited in Dropshipping). */
  isListing: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const adminProductList = z.object({
  items: z.array(adminProductRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminProductList = z.infer<typeof adminProductList>;

export const productCodigoParams = z.object({ codigo });

/** POST /api/reseller/post_categoria_departamento: creates a department, and a category of it when given. */
export const departmentCategoryInput = z.object({
  department: text({ min: 1, max: 80 }),
  category: text({ min: 1, max: 80 }).optional(),
});
export const departmentCategoryCreated = z.object({
  department: z.object({ slug: z.string(), name: z.string() }),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
});

/** GET /api/admin/hs-codes?q=: HS 2022 headings and subheadings matching a code prefix or words (English). */
export const hsCodeQuery = z.object({ q: text({ min: 2, max: 100 }) });
export const hsCodeList = z.array(z.object({ code: z.string(), description: z.string(), level: z.number().int() }));
export type HsCodeList = z.infer<typeof hsCodeList>;
