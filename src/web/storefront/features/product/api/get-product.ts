/** /product: one product with its variants. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as catalogRoutes from '../../../../../shared/routes/catalog';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /api/productos/:codigo (a missing product redirects to /404, decision 008). */
export const productQuery = (codigo: string) =>
  queryOptions({
    queryKey: queryKeys.product(codigo),
    queryFn: () => call(catalogRoutes.productDetail, { params: { codigo } }),
    enabled: Boolean(codigo),
  });
