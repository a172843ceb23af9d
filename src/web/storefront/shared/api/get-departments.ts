/** The store's departments and their categories, for the header menu and the home page. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as catalogRoutes from '../../../../shared/routes/catalog';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/reseller/post_categoria_departamento, cached 5 minutes. */
export const departmentsQuery = queryOptions({
  queryKey: queryKeys.departments(),
  queryFn: () => call(catalogRoutes.departmentTree, { redirectOn404: false }),
  staleTime: 5 * 60_000,
});
