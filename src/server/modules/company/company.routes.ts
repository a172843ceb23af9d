/**
 * Company profile routes: the seller's forms under /api/proveedor/company_profile (permission 'settings'),
 * and the storefront's public part at /api/reseller/aboutus (store resolved by domain).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPANY_SECTION_BODIES,
  COMPANY_SECTIONS,
  companyAboutUs,
  companyProfile,
  companyStatus,
  type CompanySection,
} from '../../../shared/contracts/company.js';
import { sellerContext, storeContext } from '../../plugins/request-context.js';
import {
  getCompanyProfile,
  getCompanyProfileStatus,
  getPublicCompanyProfile,
  saveCompanySection,
  type CompanySectionBodies,
} from './company.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proveedor/company_profile',
    {
      schema: {
        tags: ['admin'],
        summary: 'The store’s company profile, every form, with its completeness',
        response: { 200: companyProfile },
      },
    },
    async (request) => getCompanyProfile(sellerContext(request, 'settings')),
  );

  app.get(
    '/api/proveedor/company_profile/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether the company profile is complete enough to upload products, and what is missing',
        response: { 200: companyStatus },
      },
    },
    async (request) => getCompanyProfileStatus(sellerContext(request, 'settings')),
  );

  for (const section of COMPANY_SECTIONS) {
    app.put(
      `/api/proveedor/company_profile/${section}`,
      {
        schema: {
          tags: ['admin'],
          summary: `Save the “${section}” form of the company profile`,
          body: COMPANY_SECTION_BODIES[section],
          response: { 200: companyProfile },
        },
      },
      async (request) =>
        saveCompanySection(
          sellerContext(request, 'settings'),
          section as CompanySection,
          request.body as CompanySectionBodies[CompanySection],
        ),
    );
  }

  app.get(
    '/api/reseller/aboutus',
    {
      schema: {
        tags: ['storefront'],
        summary: 'The public company profile of the store (about us)',
        response: { 200: companyAboutUs },
      },
    },
    async (request) => getPublicCompanyProfile(storeContext(request)),
  );
};
export default routes;
