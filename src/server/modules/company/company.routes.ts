/**
 * Company profile routes: the seller's forms under /api/proveedor/company_profile (permission 'settings'),
 * and the storefront's public part at /api/reseller/aboutus (store resolved by domain).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPANY_SECTIONS, type CompanySection } from '../../../shared/contracts/company.js';
import { companyOps as ops, COMPANY_SECTION_OPS } from '../../../shared/routes/company.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext, storeContext } from '../../plugins/request-context.js';
import {
  getCompanyProfile,
  getCompanyProfileStatus,
  getPublicCompanyProfile,
  saveCompanySection,
  type CompanySectionBodies,
} from './company.service.js';
import { setSupplierEnabled } from './supplier-switch.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.getCompanyProfile, async (request) => getCompanyProfile(sellerContext(request, 'settings')));

  route(app, ops.getCompanyStatus, async (request) => getCompanyProfileStatus(sellerContext(request, 'settings')));

  for (const section of COMPANY_SECTIONS) {
    route(app, COMPANY_SECTION_OPS[section], async (request) =>
      saveCompanySection(
        sellerContext(request, 'settings'),
        section as CompanySection,
        request.body as CompanySectionBodies[CompanySection],
      ),
    );
  }

  route(app, ops.setSupplierEnabled, async (request) =>
    setSupplierEnabled(sellerContext(request, 'settings'), request.body.enabled),
  );

  route(app, ops.aboutUs, async (request) => getPublicCompanyProfile(storeContext(request)));
};
export default routes;
