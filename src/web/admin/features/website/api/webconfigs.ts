/** /api/proveedor/webconfigs: the store settings (/admin/mi-tienda) and look (/admin/website). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { StoreInfoBody, StoreLookBody, WebConfigs } from '../../../../../shared/contracts/website';

/** GET /api/proveedor/webconfigs. */
export const webConfigsQuery = queryOptions({
  queryKey: queryKeys.admin.webconfigs(),
  queryFn: () => api.get<WebConfigs>('/api/proveedor/webconfigs'),
});

/** PUT /api/proveedor/webconfigs/info; refreshes the settings and the storefront configuration. */
export function useSaveStoreInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreInfoBody) =>
      api.put<{ ok: true }>('/api/proveedor/webconfigs/info', body, { waitForThrottle: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.webconfigs() });
      void qc.invalidateQueries({ queryKey: queryKeys.admin.dashboard() });
    },
  });
}

/** PUT /api/proveedor/webconfigs/look. */
export function useSaveStoreLook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreLookBody) =>
      api.put<{ ok: true }>('/api/proveedor/webconfigs/look', body, { waitForThrottle: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.admin.webconfigs() }),
  });
}
