/** The company profile (/admin/mis-datos): reading the profile and saving one of its six forms. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { CompanyProfile, CompanySection, CompanyStatus } from '../../../../../shared/contracts/company';

/** GET /api/proveedor/company_profile: every form's values plus the completeness status. */
export const companyProfileQuery = queryOptions({
  queryKey: queryKeys.admin.companyProfile(),
  queryFn: () => api.get<CompanyProfile>('/api/proveedor/company_profile'),
});

/** GET /api/proveedor/company_profile/status: complete, percent and gaps (for other screens, e.g. product creation). */
export const companyStatusQuery = queryOptions({
  queryKey: queryKeys.admin.companyStatus(),
  queryFn: () => api.get<CompanyStatus>('/api/proveedor/company_profile/status'),
});

/**
 * PUT /api/proveedor/company_profile/{section}: saves one form; the answer (the whole profile) replaces the cache.
 * Waits for the throttle, since a seller may save two forms within three seconds.
 */
export function useSaveCompanySection<B>(section: CompanySection) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      api.put<CompanyProfile>(`/api/proveedor/company_profile/${section}`, body, { waitForThrottle: true }),
    onSuccess: (profile) => {
      qc.setQueryData(queryKeys.admin.companyProfile(), profile);
      qc.setQueryData(queryKeys.admin.companyStatus(), profile.status);
    },
  });
}
