/** /search, /deps, /cat: searching and browsing the catalogue. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as searchRoutes from '../../../../../shared/routes/search';
import { queryKeys } from '../../../../lib/query-keys';
import type { SearchQuery } from '../../../../../shared/contracts/catalog';

export interface SearchParams {
  q: string;
  departamento: string;
  categoria: string;
  sort: string;
  page: number;
}

/**
 * GET /api/reseller/producto/search; the previous answer stays on screen while the next one loads. The server renders
 * the first page with the same key (src/server/modules/web/ssr.ts).
 */
export const searchQuery = (p: SearchParams) =>
  queryOptions({
    queryKey: queryKeys.search(p),
    queryFn: () =>
      call(searchRoutes.searchProducts, {
        // The sort comes from the page's URL as typed; the server checks it (and answers 422 for an unknown one).
        query: { ...p, sort: p.sort as SearchQuery['sort'] },
        redirectOn404: false,
        // Fast typing or paging must not show the throttle error: wait for the window, then send.
        waitForThrottle: true,
      }),
    placeholderData: keepPreviousData,
  });
