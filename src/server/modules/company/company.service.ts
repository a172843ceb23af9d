/**
 * The store's company profile: read whole, saved one form
 * (section) at a time, its completeness (decision 115) and its public part for the storefront (decision 042). Every
 * query is scoped by ctx.storeId; the row's key is the store id, so a save is one race-free upsert.
 */
import { eq } from 'drizzle-orm';
import { companyProfiles } from '../../db/schema/company.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import type {
  CompanyAboutUs,
  CompanyGap,
  CompanyProfile,
  CompanySection,
  CompanyStatus,
  FileRef,
} from '../../../shared/contracts/company.js';
import {
  COMPANY_REQUIRED_FIELDS,
  COMPANY_SECTION_BODIES,
  companyGapsOf,
  type CompanyBasic,
  type CompanyCertificates,
  type CompanyContacts,
  type CompanyDetails,
  type CompanyExport,
  type CompanyProducts,
} from '../../../shared/contracts/company.js';
import type { FilePurpose } from '../../../shared/contracts/files.js';
import { assertCompanyFiles } from './company-files.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;
type Row = typeof companyProfiles.$inferSelect;
type Insert = typeof companyProfiles.$inferInsert;

/** The body of each section, as validated by its contract. */
export interface CompanySectionBodies {
  basic: CompanyBasic;
  products: CompanyProducts;
  details: CompanyDetails;
  contacts: CompanyContacts;
  export: CompanyExport;
  certificates: CompanyCertificates;
}

const EMPTY_HOURS = { startDay: null, endDay: null, startTime: null, endTime: null };

export async function findRow(ctx: Ctx): Promise<Row | null> {
  const [row] = await ctx.db.select().from(companyProfiles).where(eq(companyProfiles.storeId, ctx.storeId)).limit(1);
  return row ?? null;
}

/**
 * What a profile row still lacks before the store's first product (decision 115): the shared rule
 * `companyGapsOf` (the form marks the same fields as required) on the row's saved values. Pure: works on a row or null
 * (no profile yet: everything required is missing).
 */
export function gapsOf(row: Row | null): CompanyGap[] {
  return companyGapsOf({
    basic: { name: row?.name ?? null, businessType: row?.businessType ?? null },
    products: { mainIndustry: row?.mainIndustry ?? null },
    contacts: { contacts: row?.contacts ?? [] },
  });
}

function statusOf(row: Row | null): CompanyStatus {
  const gaps = gapsOf(row);
  return {
    complete: gaps.length === 0,
    percent: Math.round(((COMPANY_REQUIRED_FIELDS.length - gaps.length) / COMPANY_REQUIRED_FIELDS.length) * 100),
    gaps,
  };
}

/**
 * Which sections and fields of the store's company profile are missing (decision 115), e.g.
 * `[{ section: 'contacts', field: 'contacts' }]`; empty when the profile is complete.
 */
export async function getCompanyProfileGaps(ctx: Ctx): Promise<CompanyGap[]> {
  return gapsOf(await findRow(ctx));
}

/** Completeness of the store's profile: complete, percent (0-100) and the gaps (decision 115). */
export async function getCompanyProfileStatus(ctx: Ctx): Promise<CompanyStatus> {
  return statusOf(await findRow(ctx));
}

/**
 * Throws 422 COMPANY_PROFILE_INCOMPLETE when the store's company profile is not complete ("A seller must
 * complete company information before uploading products"): the message (in ctx.locale) names the missing fields,
 * `params.gaps` lists them as `{ section, field }`. Called by product creation.
 */
export async function assertCompanyProfileComplete(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'locale'>,
): Promise<void> {
  const gaps = await getCompanyProfileGaps(ctx);
  if (!gaps.length) return;
  const t = translator(ctx.locale);
  const missing = gaps.map((g) => t(`errors:company_fields.${g.field}`)).join(', ');
  throw new AppError('COMPANY_PROFILE_INCOMPLETE', { missing, gaps });
}

const file = (v: unknown): FileRef | null => (v && typeof v === 'object' ? (v as FileRef) : null);

export function toProfile(row: Row | null): CompanyProfile {
  return {
    basic: {
      name: row?.name ?? null,
      businessType: (row?.businessType ?? null) as CompanyProfile['basic']['businessType'],
      registrationYear: row?.registrationYear ?? null,
      employeeRange: (row?.employeeRange ?? null) as CompanyProfile['basic']['employeeRange'],
      websiteUrl: row?.websiteUrl ?? null,
      legalOwner: row?.legalOwner ?? null,
      logo: file(row?.logo),
      openingHours: { ...EMPTY_HOURS, ...(row?.openingHours ?? {}) },
    },
    products: {
      mainIndustry: row?.mainIndustry ?? null,
      otherProducts: row?.otherProducts ?? null,
      paymentTypes: (row?.paymentTypes ?? []) as CompanyProfile['products']['paymentTypes'],
    },
    details: {
      advantages: row?.advantages ?? null,
      introduction: row?.introduction ?? null,
      photos: row?.photos ?? [],
    },
    contacts: { contacts: (row?.contacts ?? []).map((c) => ({ ...c, position: c.position ?? '' })) },
    export: {
      deliveryTerms: (row?.deliveryTerms ?? []) as CompanyProfile['export']['deliveryTerms'],
      businessLicenceNumber: row?.businessLicenceNumber ?? null,
      businessLicenceFile: file(row?.businessLicenceFile),
      taxRegistrationNumber: row?.taxRegistrationNumber ?? null,
      taxRegistrationFile: file(row?.taxRegistrationFile),
      proofOfAddressFile: file(row?.proofOfAddressFile),
      factoryAddress: row?.factoryAddress ?? null,
      plantAreaM2: row?.plantAreaM2 ?? null,
      exporterName: row?.exporterName ?? null,
      exportPercentage: row?.exportPercentage ?? null,
      mainMarkets: (row?.mainMarkets ?? []) as CompanyProfile['export']['mainMarkets'],
      nearestPort: row?.nearestPort ?? null,
      licenceNumber: row?.exportLicenceNumber ?? null,
      licenceFile: file(row?.exportLicenceFile),
    },
    certificates: { certificates: row?.certificates ?? [] },
    status: statusOf(row),
    supplierEnabled: row?.supplierEnabled ?? false,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The store's whole company profile, every section (empty values when never saved) plus its completeness. */
export async function getCompanyProfile(ctx: Ctx): Promise<CompanyProfile> {
  return toProfile(await findRow(ctx));
}

/** Columns a section writes, and the uploads it references with the purposes each must have. */
function sectionColumns<S extends CompanySection>(
  section: S,
  body: CompanySectionBodies[S],
): { values: Partial<Insert>; files: { ref: FileRef; purposes: FilePurpose[] }[] } {
  const docs: FilePurpose[] = ['document'];
  switch (section) {
    case 'basic': {
      const b = body as CompanyBasic;
      return {
        values: {
          name: b.name,
          businessType: b.businessType,
          registrationYear: b.registrationYear,
          employeeRange: b.employeeRange,
          websiteUrl: b.websiteUrl,
          legalOwner: b.legalOwner,
          logo: b.logo,
          openingHours: b.openingHours,
        },
        files: b.logo ? [{ ref: b.logo, purposes: ['logo'] }] : [],
      };
    }
    case 'products': {
      const b = body as CompanyProducts;
      return {
        values: {
          mainIndustry: b.mainIndustry,
          otherProducts: b.otherProducts,
          paymentTypes: [...new Set(b.paymentTypes)],
        },
        files: [],
      };
    }
    case 'details': {
      const b = body as CompanyDetails;
      return {
        values: { advantages: b.advantages, introduction: b.introduction, photos: b.photos },
        files: b.photos.map((ref) => ({ ref, purposes: ['company_photo'] as FilePurpose[] })),
      };
    }
    case 'contacts':
      return { values: { contacts: (body as CompanyContacts).contacts }, files: [] };
    case 'export': {
      const b = body as CompanyExport;
      const documents = [b.businessLicenceFile, b.taxRegistrationFile, b.proofOfAddressFile, b.licenceFile]
        .filter((f): f is FileRef => f !== null)
        .map((ref) => ({ ref, purposes: docs }));
      return {
        values: {
          deliveryTerms: [...new Set(b.deliveryTerms)],
          businessLicenceNumber: b.businessLicenceNumber,
          businessLicenceFile: b.businessLicenceFile,
          taxRegistrationNumber: b.taxRegistrationNumber,
          taxRegistrationFile: b.taxRegistrationFile,
          proofOfAddressFile: b.proofOfAddressFile,
          factoryAddress: b.factoryAddress,
          plantAreaM2: b.plantAreaM2,
          exporterName: b.exporterName,
          exportPercentage: b.exportPercentage,
          mainMarkets: [...new Set(b.mainMarkets)],
          nearestPort: b.nearestPort,
          exportLicenceNumber: b.licenceNumber,
          exportLicenceFile: b.licenceFile,
        },
        files: documents,
      };
    }
    case 'certificates': {
      const b = body as CompanyCertificates;
      return {
        values: { certificates: b.certificates },
        files: b.certificates.map((c) => ({ ref: c.photo, purposes: ['certificate'] })),
      };
    }
  }
  throw new AppError('NOT_FOUND');
}

/**
 * Saves one form of the profile (body already validated by its contract in COMPANY_SECTION_BODIES) and answers the
 * whole profile. Creates the profile on the first save. Files must be uploads of this store with a fitting purpose
 * (422 otherwise, from the files module); their stored URL is the upload's, whatever the client sent.
 */
export async function saveCompanySection<S extends CompanySection>(
  ctx: Ctx,
  section: S,
  body: CompanySectionBodies[S],
): Promise<CompanyProfile> {
  const parsed = COMPANY_SECTION_BODIES[section].parse(body) as CompanySectionBodies[S];
  const { values, files } = sectionColumns(section, parsed);
  await assertCompanyFiles(ctx, files);
  const now = new Date();
  const [row] = await ctx.db
    .insert(companyProfiles)
    .values({ ...values, storeId: ctx.storeId, updatedAt: now })
    .onConflictDoUpdate({ target: companyProfiles.storeId, set: { ...values, updatedAt: now } })
    .returning();
  return toProfile(row);
}

/** The public part of the store's profile for /proveedor, /aboutus and /somos (decision 042); null when none. */
export async function getPublicCompanyProfile(ctx: Ctx): Promise<CompanyAboutUs> {
  const row = await findRow(ctx);
  if (!row) return { profile: null };
  const p = toProfile(row);
  return {
    profile: {
      name: p.basic.name,
      businessType: p.basic.businessType,
      registrationYear: p.basic.registrationYear,
      employeeRange: p.basic.employeeRange,
      websiteUrl: p.basic.websiteUrl,
      logoUrl: p.basic.logo?.url ?? null,
      openingHours: p.basic.openingHours,
      mainIndustry: p.products.mainIndustry,
      otherProducts: p.products.otherProducts,
      deliveryTerms: p.export.deliveryTerms,
      paymentTypes: p.products.paymentTypes,
      factoryAddress: p.export.factoryAddress,
      plantAreaM2: p.export.plantAreaM2,
      advantages: p.details.advantages,
      introduction: p.details.introduction,
      photoUrls: p.details.photos.map((f) => f.url),
      contacts: p.contacts.contacts.map((c) => ({ name: c.name, position: c.position, phone: c.phone })),
      exporterName: p.export.exporterName,
      exportPercentage: p.export.exportPercentage,
      mainMarkets: p.export.mainMarkets,
      nearestPort: p.export.nearestPort,
      certificates: p.certificates.certificates.map((c) => ({ name: c.name, photoUrl: c.photo.url })),
    },
  };
}
