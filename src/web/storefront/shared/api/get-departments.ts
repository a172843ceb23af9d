/** The store's departments and their categories, for the header menu and the home page. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DepartmentTree } from '../../../../shared/contracts/catalog';

/** GET /api/reseller/post_categoria_departamento, cached 5 minutes. */
export const departmentsQuery = queryOptions({
  queryKey: queryKeys.departments(),
  queryFn: () => api.get<DepartmentTree>('/api/reseller/post_categoria_departamento', { redirectOn404: false }),
  staleTime: 5 * 60_000,
});
