/** The company profile (/admin/mis-datos): reading the profile and saving one of its six forms. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../../lib/api-client';
import * as companyRoutes from '../../../../../shared/routes/company';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { CompanySection, companyBasicBody } from '../../../../../shared/contracts/company';

/** GET /api/proveedor/company_profile: every form's values plus the completeness status. */
export const companyProfileQuery = queryOptions({
  queryKey: adminQueryKeys.companyProfile(),
  queryFn: () => call(companyRoutes.getCompanyProfile),
});

/** GET /api/proveedor/company_profile/status: complete, percent and gaps (for other screens, e.g. product creation). */
export const companyStatusQuery = queryOptions({
  queryKey: adminQueryKeys.companyStatus(),
  queryFn: () => call(companyRoutes.getCompanyStatus),
});

/**
 * PUT /api/proveedor/company_profile/{section}: saves one form; the answer (the whole profile) replaces the cache.
 * Waits for the throttle, since a seller may save two forms within three seconds.
 */
/** The save route of each form. */
const SECTION_ROUTES = {
  basic: companyRoutes.saveCompanyBasic,
  products: companyRoutes.saveCompanyProducts,
  details: companyRoutes.saveCompanyDetails,
  contacts: companyRoutes.saveCompanyContacts,
  export: companyRoutes.saveCompanyExport,
  certificates: companyRoutes.saveCompanyCertificates,
} as const satisfies Record<CompanySection, unknown>;

export function useSaveCompanySection<B>(section: CompanySection) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      // Each form has its own route and body type; the form's own schema has typed `body` for this section.
      call(SECTION_ROUTES[section] as typeof companyRoutes.saveCompanyBasic, {
        body: body as z.input<typeof companyBasicBody>,
        waitForThrottle: true,
      }),
    onSuccess: (profile) => {
      qc.setQueryData(adminQueryKeys.companyProfile(), profile);
      qc.setQueryData(adminQueryKeys.companyStatus(), profile.status);
    },
  });
}
