/**
 * The store as every storefront page sees it (SPEC §4, §7): its website configuration (loaded once), its departments
 * and categories (cached 5 minutes), and the refresh of the recently viewed products.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DepartmentTree } from '../../../../shared/contracts/catalog';
import type { ProductCard } from '../../../../shared/contracts/common';
import type { WebsiteConfig } from '../../../../shared/contracts/stores';

/** GET /api/reseller/configwebsite, once per page load; a failure is not retried (SPEC §8: only logged). */
export const storeConfigQuery = queryOptions({
  queryKey: queryKeys.storeConfig(),
  queryFn: () => api.get<WebsiteConfig>('/api/reseller/configwebsite', { redirectOn404: false }),
  staleTime: Infinity,
  retry: false,
});

/** GET /api/reseller/post_categoria_departamento. */
export const departmentsQuery = queryOptions({
  queryKey: queryKeys.departments(),
  queryFn: () => api.get<DepartmentTree>('/api/reseller/post_categoria_departamento', { redirectOn404: false }),
  staleTime: 5 * 60_000,
});

/** POST /api/getVistos with the codes joined by commas (SPEC §7): the current cards of recently viewed products. */
export function fetchRecentlyViewed(codes: string[]): Promise<ProductCard[]> {
  return api.post<ProductCard[]>('/api/getVistos', { codigosStrings: codes.join(',') }, { redirectOn404: false });
}
