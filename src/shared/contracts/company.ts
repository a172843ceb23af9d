/**
 * Company profile (SPEC §3 "Company", §5; issue 7 "Company profile"): one profile per store, edited in the six forms of
 * /admin/mis-datos and saved one form (section) at a time through PUT /api/proveedor/company_profile/{section}.
 * Every text has a maximum length (the character counter of SPEC §5 uses the same numbers: COMPANY_LIMITS); advantages
 * and introduction also have a minimum (decision 041). Files are references to uploads of the files module
 * ({ id, url }); the server checks they belong to the store.
 */
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { asStored, text, uuid } from './common.js';

/** Character limits of every limited field (SPEC §5 character counter; minimums: decision 041). */
export const COMPANY_LIMITS = {
  name: 120,
  licenceNumber: 60,
  factoryAddress: 300,
  mainIndustry: 120,
  otherProducts: 500,
  advantagesMin: 50,
  advantages: 1000,
  introductionMin: 100,
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

export const BUSINESS_TYPES = [
  'manufacturer',
  'trading_company',
  'buying_office',
  'agent',
  'distributor_wholesaler',
  'government_office',
  'association',
  'commercial_service',
] as const;
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

/** A reference to an uploaded file of the store (files module): its id and the URL it is served at. */
export const fileRef = z.object({ id: uuid, url: text({ min: 1, max: 500 }) });
export type FileRef = z.infer<typeof fileRef>;

/** An optional text: empty (or only spaces) is stored as null. */
const optionalText = (max: number, multiline = false) =>
  text({ max, multiline })
    .nullable()
    .default(null)
    .transform((v) => v || null);

/** Days of the week 1 (Monday) to 7 (Sunday), ISO 8601. */
const day = z.number().int().min(1).max(7);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'i18n:hours_out_of_range' });

/**
 * Opening hours: start and end day of the week and start and end time ("HH:MM", 24 h). All empty means "not given".
 * SPEC §5: a time without a day → "select a day of the week"; some fields only → "incomplete data"; an end time not
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

/** Form 2 "Product details". */
export const companyProductsBody = z.strictObject({
  mainIndustry: text({ min: 1, max: COMPANY_LIMITS.mainIndustry }),
  otherProducts: optionalText(COMPANY_LIMITS.otherProducts, true),
  deliveryTerms: z.array(z.enum(DELIVERY_TERMS)).max(DELIVERY_TERMS.length).default([]),
  paymentTypes: z.array(z.enum(PAYMENT_TYPES)).max(PAYMENT_TYPES.length).default([]),
});

/** Form 3 "Complete information": documents, factory and the texts the storefront shows. */
export const companyDetailsBody = z.strictObject({
  businessLicenceNumber: optionalText(COMPANY_LIMITS.licenceNumber),
  businessLicenceFile: fileRef.nullable().default(null),
  taxRegistrationNumber: optionalText(COMPANY_LIMITS.licenceNumber),
  taxRegistrationFile: fileRef.nullable().default(null),
  proofOfAddressFile: fileRef.nullable().default(null),
  factoryAddress: optionalText(COMPANY_LIMITS.factoryAddress, true),
  plantAreaM2: z.number().int().min(0).max(100_000_000).nullable().default(null),
  advantages: text({ min: COMPANY_LIMITS.advantagesMin, max: COMPANY_LIMITS.advantages, multiline: true }),
  introduction: text({ min: COMPANY_LIMITS.introductionMin, max: COMPANY_LIMITS.introduction, multiline: true }),
  photos: z.array(fileRef).max(COMPANY_LIMITS.photos).default([]),
});

export const companyContact = z.strictObject({
  name: text({ min: 1, max: COMPANY_LIMITS.contactName }),
  phone: contactPhone,
  position: text({ min: 1, max: COMPANY_LIMITS.contactPosition }),
});
/** Form 4 "Contact people". */
export const companyContactsBody = z.strictObject({
  contacts: z.array(companyContact).max(COMPANY_LIMITS.contacts),
});

/** Form 5 "Export information" (all optional: not every company exports). */
export const companyExportBody = z.strictObject({
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

/** A missing piece of the profile: the form it belongs to and the field (decision 040). */
export const companyGap = z.object({ section: z.enum(COMPANY_SECTIONS), field: z.string() });
export type CompanyGap = z.infer<typeof companyGap>;

/** GET /api/proveedor/company_profile/status */
export const companyStatus = z.object({
  complete: z.boolean(),
  /** Completed required fields out of all required fields, 0-100. */
  percent: z.number().int(),
  gaps: z.array(companyGap),
});
export type CompanyStatus = z.infer<typeof companyStatus>;

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
    deliveryTerms: z.array(z.enum(DELIVERY_TERMS)),
    paymentTypes: z.array(z.enum(PAYMENT_TYPES)),
  }),
  details: z.object({
    businessLicenceNumber: z.string().nullable(),
    businessLicenceFile: nullableFile,
    taxRegistrationNumber: z.string().nullable(),
    taxRegistrationFile: nullableFile,
    proofOfAddressFile: nullableFile,
    factoryAddress: z.string().nullable(),
    plantAreaM2: z.number().int().nullable(),
    advantages: z.string().nullable(),
    introduction: z.string().nullable(),
    photos: z.array(fileRef),
  }),
  contacts: z.object({ contacts: z.array(z.object({ name: z.string(), phone: z.string(), position: z.string() })) }),
  export: z.object({
    exporterName: z.string().nullable(),
    exportPercentage: z.number().int().nullable(),
    mainMarkets: z.array(z.enum(MARKET_REGIONS)),
    nearestPort: z.string().nullable(),
    licenceNumber: z.string().nullable(),
    licenceFile: nullableFile,
  }),
  certificates: z.object({ certificates: z.array(z.object({ name: z.string(), photo: fileRef })) }),
  status: companyStatus,
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
