/** The store's departments and categories (GET /api/reseller/post_categoria_departamento), cached 5 minutes. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import type { DepartmentTree } from '../../shared/contracts/catalog';

export function useDepartments() {
  return useQuery({
    queryKey: ['departments'],
    queryFn: () => api.get<DepartmentTree>('/api/reseller/post_categoria_departamento', { redirectOn404: false }),
    staleTime: 5 * 60_000,
  });
}
