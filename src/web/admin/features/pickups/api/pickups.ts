/** The store's pickup configuration: GET and PUT /api/admin/pickups. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { PickupSettings, PickupSettingsInput } from '../../../../../shared/contracts/pickups';

const KEY = ['admin', 'pickups'] as const;

export const pickupsQuery = () =>
  queryOptions({ queryKey: KEY, queryFn: () => api.get<{ settings: PickupSettings | null }>('/api/admin/pickups') });

/** Saves the configuration; the cached one is replaced by the answer. Waits for the throttle. */
export function useSavePickups() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PickupSettingsInput) =>
      api.put<PickupSettings>('/api/admin/pickups', input, { waitForThrottle: true }),
    onSuccess: (settings) => qc.setQueryData(KEY, { settings }),
  });
}
