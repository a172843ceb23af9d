/** The store's pickup configuration: GET and PUT /api/admin/pickups. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as shippingRoutes from '../../../../../shared/routes/shipping';
import type { PickupSettingsInput } from '../../../../../shared/contracts/pickups';

const KEY = ['admin', 'pickups'] as const;

export const pickupsQuery = () =>
  queryOptions({ queryKey: KEY, queryFn: () => call(shippingRoutes.getPickupSettings) });

/** Saves the configuration; the cached one is replaced by the answer. Waits for the throttle. */
export function useSavePickups() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PickupSettingsInput) =>
      call(shippingRoutes.savePickupSettings, { body: input, waitForThrottle: true }),
    onSuccess: (settings) => qc.setQueryData(KEY, { settings }),
  });
}
