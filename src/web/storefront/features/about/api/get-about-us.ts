/** The store's public company profile (decision 042) for /proveedor, /aboutus and /somos. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as companyRoutes from '../../../../../shared/routes/company';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /api/reseller/aboutus (store resolved by the page's domain). */
export const aboutUsQuery = queryOptions({
  queryKey: queryKeys.aboutUs(),
  queryFn: () => call(companyRoutes.aboutUs),
  staleTime: 60_000,
});
