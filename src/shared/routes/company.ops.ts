/** The company profile's operations (routes in company.ts): one save per form, each with its own body. */
import {
  COMPANY_SECTION_BODIES,
  companyAboutUs,
  companyProfile,
  companyStatus,
  supplierSwitchBody,
  type CompanySection,
} from '../contracts/company.js';
import { defineOps } from './op.js';
import * as routes from './company.js';

const saveSection = <S extends CompanySection>(section: S) => ({
  tags: ['admin'],
  summary: `Save the “${section}” form of the company profile`,
  body: COMPANY_SECTION_BODIES[section],
  response: { 200: companyProfile },
});

export const companyOps = defineOps(routes, {
  getCompanyProfile: {
    tags: ['admin'],
    summary: 'The store’s company profile, every form, with its completeness',
    response: { 200: companyProfile },
  },
  getCompanyStatus: {
    tags: ['admin'],
    summary: 'Whether the company profile is complete enough to upload products, and what is missing',
    response: { 200: companyStatus },
  },
  saveCompanyBasic: saveSection('basic'),
  saveCompanyProducts: saveSection('products'),
  saveCompanyDetails: saveSection('details'),
  saveCompanyContacts: saveSection('contacts'),
  saveCompanyExport: saveSection('export'),
  saveCompanyCertificates: saveSection('certificates'),
  setSupplierEnabled: {
    tags: ['admin'],
    summary: 'Turn “Vender como proveedor” on or off: publishing to the global catalogue',
    description:
      'Off: the store’s published offers are withdrawn (by the marketplace sync) and it cannot publish new ones.',
    body: supplierSwitchBody,
    response: { 200: companyProfile },
  },
  aboutUs: {
    tags: ['storefront'],
    summary: 'The public company profile of the store (about us)',
    response: { 200: companyAboutUs },
  },
});

/** The save operation of each form of the company profile. */
export const COMPANY_SECTION_OPS = {
  basic: companyOps.saveCompanyBasic,
  products: companyOps.saveCompanyProducts,
  details: companyOps.saveCompanyDetails,
  contacts: companyOps.saveCompanyContacts,
  export: companyOps.saveCompanyExport,
  certificates: companyOps.saveCompanyCertificates,
} as const satisfies Record<CompanySection, unknown>;
