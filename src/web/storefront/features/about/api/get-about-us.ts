/** The store's public company profile (decision 042) for /proveedor, /aboutus and /somos. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { CompanyAboutUs } from '../../../../../shared/contracts/company';

/** GET /api/reseller/aboutus (store resolved by the page's domain). */
export const aboutUsQuery = queryOptions({
  queryKey: queryKeys.aboutUs(),
  queryFn: () => api.get<CompanyAboutUs>('/api/reseller/aboutus'),
  staleTime: 60_000,
});
