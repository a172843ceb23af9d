/** /: the home page's product lists (featured, newest, best sellers). */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as catalogRoutes from '../../../../../shared/routes/catalog';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /api/home. */
export const homeQuery = queryOptions({
  queryKey: queryKeys.home(),
  queryFn: () => call(catalogRoutes.home),
});
