/** /api/proveedor/webconfigs: the store settings (/admin/mi-tienda) and look (/admin/website). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as storesRoutes from '../../../../../shared/routes/stores';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { StoreInfoBody, StoreLookBody } from '../../../../../shared/contracts/website';

/** GET /api/proveedor/webconfigs. */
export const webConfigsQuery = queryOptions({
  queryKey: adminQueryKeys.webconfigs(),
  queryFn: () => call(storesRoutes.getWebConfigs),
});

/** PUT /api/proveedor/webconfigs/info; refreshes the settings and the storefront configuration. */
export function useSaveStoreInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreInfoBody) => call(storesRoutes.saveStoreInfo, { body, waitForThrottle: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminQueryKeys.webconfigs() });
      void qc.invalidateQueries({ queryKey: adminQueryKeys.dashboard() });
    },
  });
}

/** PUT /api/proveedor/webconfigs/look. */
export function useSaveStoreLook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreLookBody) => call(storesRoutes.saveStoreLook, { body, waitForThrottle: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminQueryKeys.webconfigs() }),
  });
}
