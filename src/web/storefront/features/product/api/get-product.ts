/** /product: one product with its variants. */
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
