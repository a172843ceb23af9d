/** The product page's calls (SPEC §2 /product, §7 /api/visto). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { ProductDetail } from '../../../../../shared/contracts/catalog';

/** GET /api/productos/:codigo (a missing product redirects to /404, decision 008). */
export const productQuery = (codigo: string) =>
  queryOptions({
    queryKey: queryKeys.product(codigo),
    queryFn: () => api.get<ProductDetail>(`/api/productos/${encodeURIComponent(codigo)}`),
    enabled: Boolean(codigo),
  });

/** POST /api/visto: counts a view of the product. Best effort: a failure (or the SPEC §9 throttle) is ignored. */
export function recordProductView(codigo: string): void {
  api.post('/api/visto', { codigo }, { redirectOn404: false }).catch(() => undefined);
}
