/**
 * Company profile: one profile per store, edited in the six forms of
 * /admin/mis-datos and saved one form (section) at a time through PUT /api/proveedor/company_profile/{section}.
 * Every text has a maximum length (the character counter uses the same numbers: COMPANY_LIMITS); advantages
 * and introduction also have a minimum when written (decisions 041, 115). Files are references to uploads of the files
 * module ({ id, url }); the server checks they belong to the store.
 *
 * What a profile needs before the store's first product is the zod schema `companyRequiredForProducts` (decision 115):
 * the server's rule (`companyGapsOf`) and the form's required marks both read it.
 */
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { asStored, text, uuid } from './common.js';

/** Character limits of every limited field, as the character counter shows them (minimums: decisions 041, 115). */
export const COMPANY_LIMITS = {
  name: 120,
  licenceNumber: 60,
  factoryAddress: 300,
  mainIndustry: 120,
  otherProducts: 500,
  advantagesMin: 20,
  advantages: 1000,
  introductionMin: 40,
  introduction: 3000,
  websiteUrl: 300,
  legalOwner: 120,
  contactName: 120,
  contactPosition: 80,
  exporterName: 120,
  nearestPort: 120,
  certificateName: 120,
  photos: 10,
  contacts: 10,
  certificates: 20,
} as const;

/** `retailer` first: most stores sell to the public; the others are the supplier kinds (decision 115). */
export const BUSINESS_TYPES = [
  'retailer',
  'manufacturer',
  'trading_company',
  'buying_office',
  'agent',
  'distributor_wholesaler',
  'government_office',
  'association',
  'commercial_service',
] as const;
/** Business types that sell to other businesses: the form opens its supplier and export part for them. */
export const SUPPLIER_BUSINESS_TYPES: readonly (typeof BUSINESS_TYPES)[number][] = [
  'manufacturer',
  'trading_company',
  'buying_office',
  'agent',
  'distributor_wholesaler',
];
export const EMPLOYEE_RANGES = ['lt_10', '10_50', '51_200', '201_500', '501_1000', 'gt_1000'] as const;
export const DELIVERY_TERMS = ['EXW', 'FCA', 'FAS', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'] as const;
export const PAYMENT_TYPES = [
  'transfer',
  'card',
  'cash',
  'oxxo',
  'letter_of_credit',
  'paypal',
  'western_union',
  'escrow',
] as const;
export const MARKET_REGIONS = [
  'north_america',
  'central_america',
  'south_america',
  'caribbean',
  'western_europe',
  'eastern_europe',
  'east_asia',
  'southeast_asia',
  'south_asia',
  'middle_east',
  'africa',
  'oceania',
] as const;
export const COMPANY_SECTIONS = ['basic', 'products', 'details', 'contacts', 'export', 'certificates'] as const;
export type CompanySection = (typeof COMPANY_SECTIONS)[number];
/** The forms every store fills; `export` and `certificates` are for suppliers and exporters, all optional. */
export const ESSENTIAL_COMPANY_SECTIONS = ['basic', 'products', 'details', 'contacts'] as const;
export const SUPPLIER_COMPANY_SECTIONS = ['export', 'certificates'] as const;

/** A reference to an uploaded file of the store (files module): its id and the URL it is served at. */
export const fileRef = z.object({ id: uuid, url: text({ min: 1, max: 500 }) });
export type FileRef = z.infer<typeof fileRef>;

/** An optional text: empty (or only spaces) is stored as null. */
const optionalText = (max: number, multiline = false) =>
  text({ max, multiline })
    .nullable()
    .default(null)
    .transform((v) => v || null);

/**
 * An optional text with a minimum length once written: empty (or only spaces) is stored as null, anything else must
 * have `min` to `max` characters after trimming (decision 115: advantages and introduction).
 */
const optionalLimitedText = (min: number, max: number) =>
  text({ max, multiline: true })
    .superRefine((v, ctx) => {
      // The same issue zod raises for `.min()`, so server and form say "at least N characters".
      if (v.length > 0 && v.length < min)
        ctx.addIssue({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: v });
    })
    .nullable()
    .default(null)
    .transform((v) => v || null);

/** Days of the week 1 (Monday) to 7 (Sunday), ISO 8601. */
const day = z.number().int().min(1).max(7);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'i18n:hours_out_of_range' });

/**
 * Opening hours: start and end day of the week and start and end time ("HH:MM", 24 h). All empty means "not given".
 * A time without a day → "select a day of the week"; some fields only → "incomplete data"; an end time not
 * after the start time, or a time outside 00:00-23:59 → "schedule out of range".
 */
export const openingHours = z
  .object({
    startDay: day.nullable().default(null),
    endDay: day.nullable().default(null),
    startTime: time.nullable().default(null),
    endTime: time.nullable().default(null),
  })
  .superRefine((h, ctx) => {
    const given = [h.startDay, h.endDay, h.startTime, h.endTime].filter((v) => v !== null).length;
    if (given === 0 || given === 4) {
      if (given === 4 && h.startTime! >= h.endTime!)
        ctx.addIssue({ code: 'custom', path: ['endTime'], params: { i18n: 'hours_out_of_range' } });
      return;
    }
    if ((h.startTime !== null || h.endTime !== null) && (h.startDay === null || h.endDay === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [h.startDay === null ? 'startDay' : 'endDay'],
        params: { i18n: 'select_day_of_week' },
      });
      return;
    }
    ctx.addIssue({ code: 'custom', path: [], params: { i18n: 'incomplete_data' } });
  });
export type OpeningHours = z.infer<typeof openingHours>;

/** A phone number checked with libphonenumber-js (Mexico by default; "+" numbers of any country). */
const contactPhone = text({ min: 1, max: 25 }).refine((v) => isValidPhoneNumber(v, 'MX'), {
  params: { i18n: 'invalid_phone' },
});

const year = z.number().int().min(1800).max(2100);

/** Form 1 "Basic information". */
export const companyBasicBody = z.strictObject({
  name: text({ min: 1, max: COMPANY_LIMITS.name }),
  businessType: z.enum(BUSINESS_TYPES),
  registrationYear: year.nullable().default(null),
  employeeRange: z.enum(EMPLOYEE_RANGES).nullable().default(null),
  websiteUrl: text({ max: COMPANY_LIMITS.websiteUrl })
    .regex(/^(https?:\/\/[^\s/$.?#][^\s]*)?$/i, { message: 'i18n:invalid_url' })
    .nullable()
    .default(null)
    .transform((v) => v || null),
  legalOwner: optionalText(COMPANY_LIMITS.legalOwner),
  logo: fileRef.nullable().default(null),
  openingHours: openingHours.default({ startDay: null, endDay: null, startTime: null, endTime: null }),
});

/** Form 2 "What you sell": the main industry (required, decision 115), other products, payment types. */
export const companyProductsBody = z.strictObject({
  mainIndustry: text({ min: 1, max: COMPANY_LIMITS.mainIndustry }),
  otherProducts: optionalText(COMPANY_LIMITS.otherProducts, true),
  paymentTypes: z.array(z.enum(PAYMENT_TYPES)).max(PAYMENT_TYPES.length).default([]),
});

/** Form 3 "About the business": the texts and photos the storefront's about-us page shows, all optional. */
export const companyDetailsBody = z.strictObject({
  advantages: optionalLimitedText(COMPANY_LIMITS.advantagesMin, COMPANY_LIMITS.advantages),
  introduction: optionalLimitedText(COMPANY_LIMITS.introductionMin, COMPANY_LIMITS.introduction),
  photos: z.array(fileRef).max(COMPANY_LIMITS.photos).default([]),
});

/** A contact person: name and phone; the position is optional (decision 115). */
export const companyContact = z.strictObject({
  name: text({ min: 1, max: COMPANY_LIMITS.contactName }),
  phone: contactPhone,
  position: text({ max: COMPANY_LIMITS.contactPosition }).default(''),
});
/** Form 4 "Contact people". */
export const companyContactsBody = z.strictObject({
  contacts: z.array(companyContact).max(COMPANY_LIMITS.contacts),
});

/**
 * Form 5 "For suppliers and exporters" (all optional, decision 115): trade terms (Incoterms), documents, plant and
 * export information, which a business selling to other businesses shows and a shop selling to the public may skip.
 */
export const companyExportBody = z.strictObject({
  deliveryTerms: z.array(z.enum(DELIVERY_TERMS)).max(DELIVERY_TERMS.length).default([]),
  businessLicenceNumber: optionalText(COMPANY_LIMITS.licenceNumber),
  businessLicenceFile: fileRef.nullable().default(null),
  taxRegistrationNumber: optionalText(COMPANY_LIMITS.licenceNumber),
  taxRegistrationFile: fileRef.nullable().default(null),
  proofOfAddressFile: fileRef.nullable().default(null),
  factoryAddress: optionalText(COMPANY_LIMITS.factoryAddress, true),
  plantAreaM2: z.number().int().min(0).max(100_000_000).nullable().default(null),
  exporterName: optionalText(COMPANY_LIMITS.exporterName),
  exportPercentage: z.number().int().min(0).max(100).nullable().default(null),
  mainMarkets: z.array(z.enum(MARKET_REGIONS)).max(MARKET_REGIONS.length).default([]),
  nearestPort: optionalText(COMPANY_LIMITS.nearestPort),
  licenceNumber: optionalText(COMPANY_LIMITS.licenceNumber),
  licenceFile: fileRef.nullable().default(null),
});

export const companyCertificate = z.strictObject({
  name: text({ min: 1, max: COMPANY_LIMITS.certificateName }),
  photo: fileRef,
});
/** Form 6 "Certificate centre". */
export const companyCertificatesBody = z.strictObject({
  certificates: z.array(companyCertificate).max(COMPANY_LIMITS.certificates),
});

export const COMPANY_SECTION_BODIES = {
  basic: companyBasicBody,
  products: companyProductsBody,
  details: companyDetailsBody,
  contacts: companyContactsBody,
  export: companyExportBody,
  certificates: companyCertificatesBody,
} as const;

export type CompanyBasic = z.infer<typeof companyBasicBody>;
export type CompanyProducts = z.infer<typeof companyProductsBody>;
export type CompanyDetails = z.infer<typeof companyDetailsBody>;
export type CompanyContacts = z.infer<typeof companyContactsBody>;
export type CompanyExport = z.infer<typeof companyExportBody>;
export type CompanyCertificates = z.infer<typeof companyCertificatesBody>;

/** A missing piece of the profile: the form it belongs to and the field (decision 115). */
export const companyGap = z.object({ section: z.enum(COMPANY_SECTIONS), field: z.string() });
export type CompanyGap = z.infer<typeof companyGap>;

/** GET /api/proveedor/company_profile/status */
export const companyStatus = z.object({
  complete: z.boolean(),
  /** Completed required fields (companyRequiredFields) out of all of them, 0-100. */
  percent: z.number().int(),
  gaps: z.array(companyGap),
});
export type CompanyStatus = z.infer<typeof companyStatus>;

/**
 * What the profile needs before the store's first product ("complete company information before uploading
 * products"; decision 115): who the business is, what it sells and how a buyer reaches it. The one rule both sides
 * read: the server refuses a product while `companyGapsOf` finds a gap, and the form marks these fields as required.
 * It parses the saved profile (`companyProfile`'s sections); every other field is optional.
 */
export const companyRequiredForProducts = z.object({
  basic: z.object({ name: text({ min: 1, max: COMPANY_LIMITS.name }), businessType: z.enum(BUSINESS_TYPES) }),
  products: z.object({ mainIndustry: text({ min: 1, max: COMPANY_LIMITS.mainIndustry }) }),
  contacts: z.object({
    contacts: z
      .array(z.object({ name: text({ min: 1, max: COMPANY_LIMITS.contactName }), phone: contactPhone }))
      .min(1),
  }),
});

/** The required fields, in the order the forms ask for them, e.g. `{ section: 'basic', field: 'name' }`. */
export const COMPANY_REQUIRED_FIELDS: readonly { section: CompanySection; field: string }[] = Object.entries(
  companyRequiredForProducts.shape,
).flatMap(([section, shape]) =>
  Object.keys(shape.shape).map((field) => ({ section: section as CompanySection, field })),
);

/** True when the form must mark `field` of `section` as required. */
export const isRequiredCompanyField = (section: CompanySection, field: string): boolean =>
  COMPANY_REQUIRED_FIELDS.some((r) => r.section === section && r.field === field);

/**
 * What a profile (its saved sections; null values where never filled) still lacks before the first product: one gap
 * per missing required field, in form order; empty when complete.
 */
export function companyGapsOf(profile: {
  basic: { name: string | null; businessType: string | null };
  products: { mainIndustry: string | null };
  contacts: { contacts: readonly { name: string; phone: string }[] };
}): CompanyGap[] {
  const r = companyRequiredForProducts.safeParse(profile);
  if (r.success) return [];
  const missing = new Set(r.error.issues.map((i) => `${String(i.path[0])}.${String(i.path[1])}`));
  return COMPANY_REQUIRED_FIELDS.filter((f) => missing.has(`${f.section}.${f.field}`));
}

const nullableFile = fileRef.nullable();

/** GET /api/proveedor/company_profile: the whole profile, every section (null fields when never saved). */
const companyProfileShape = z.object({
  basic: z.object({
    name: z.string().nullable(),
    businessType: z.enum(BUSINESS_TYPES).nullable(),
    registrationYear: z.number().int().nullable(),
    employeeRange: z.enum(EMPLOYEE_RANGES).nullable(),
    websiteUrl: z.string().nullable(),
    legalOwner: z.string().nullable(),
    logo: nullableFile,
    openingHours: z.object({
      startDay: z.number().int().nullable(),
      endDay: z.number().int().nullable(),
      startTime: z.string().nullable(),
      endTime: z.string().nullable(),
    }),
  }),
  products: z.object({
    mainIndustry: z.string().nullable(),
    otherProducts: z.string().nullable(),
    paymentTypes: z.array(z.enum(PAYMENT_TYPES)),
  }),
  details: z.object({
    advantages: z.string().nullable(),
    introduction: z.string().nullable(),
    photos: z.array(fileRef),
  }),
  contacts: z.object({ contacts: z.array(z.object({ name: z.string(), phone: z.string(), position: z.string() })) }),
  export: z.object({
    deliveryTerms: z.array(z.enum(DELIVERY_TERMS)),
    businessLicenceNumber: z.string().nullable(),
    businessLicenceFile: nullableFile,
    taxRegistrationNumber: z.string().nullable(),
    taxRegistrationFile: nullableFile,
    proofOfAddressFile: nullableFile,
    factoryAddress: z.string().nullable(),
    plantAreaM2: z.number().int().nullable(),
    exporterName: z.string().nullable(),
    exportPercentage: z.number().int().nullable(),
    mainMarkets: z.array(z.enum(MARKET_REGIONS)),
    nearestPort: z.string().nullable(),
    licenceNumber: z.string().nullable(),
    licenceFile: nullableFile,
  }),
  certificates: z.object({ certificates: z.array(z.object({ name: z.string(), photo: fileRef })) }),
  status: companyStatus,
  /** The store sells to resellers through the global catalogue ("Vender como proveedor", decision 134). */
  supplierEnabled: z.boolean(),
  updatedAt: z.string().nullable(),
});
/** Read back without today's input rules (`asStored`): a row saved under an older rule never fails the answer. */
export const companyProfile = asStored(companyProfileShape);
export type CompanyProfile = z.infer<typeof companyProfile>;

/**
 * GET /api/reseller/aboutus: the public part of the store's profile (decision 042). Never licence or tax numbers,
 * documents, proof of address or the legal owner. `null` when the store has no profile yet.
 */
const companyAboutUsShape = z.object({
  profile: z
    .object({
      name: z.string().nullable(),
      businessType: z.enum(BUSINESS_TYPES).nullable(),
      registrationYear: z.number().int().nullable(),
      employeeRange: z.enum(EMPLOYEE_RANGES).nullable(),
      websiteUrl: z.string().nullable(),
      logoUrl: z.string().nullable(),
      openingHours: companyProfile.shape.basic.shape.openingHours,
      mainIndustry: z.string().nullable(),
      otherProducts: z.string().nullable(),
      deliveryTerms: z.array(z.enum(DELIVERY_TERMS)),
      paymentTypes: z.array(z.enum(PAYMENT_TYPES)),
      factoryAddress: z.string().nullable(),
      plantAreaM2: z.number().int().nullable(),
      advantages: z.string().nullable(),
      introduction: z.string().nullable(),
      photoUrls: z.array(z.string()),
      contacts: z.array(z.object({ name: z.string(), position: z.string(), phone: z.string() })),
      exporterName: z.string().nullable(),
      exportPercentage: z.number().int().nullable(),
      mainMarkets: z.array(z.enum(MARKET_REGIONS)),
      nearestPort: z.string().nullable(),
      certificates: z.array(z.object({ name: z.string(), photoUrl: z.string() })),
    })
    .nullable(),
});
/** Read back without today's input rules (`asStored`): a row saved under an older rule never fails the answer. */
export const companyAboutUs = asStored(companyAboutUsShape);
export type CompanyAboutUs = z.infer<typeof companyAboutUs>;

/** PUT /api/proveedor/company_profile/supplier: turns "Vender como proveedor" on or off (decision 134). */
export const supplierSwitchBody = z.object({ enabled: z.boolean() });
export type SupplierSwitchBody = z.infer<typeof supplierSwitchBody>;
