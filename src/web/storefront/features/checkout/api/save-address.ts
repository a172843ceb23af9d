/** /micarrito/direccion: a signed-in customer's new address is saved. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as accountsRoutes from '../../../../../shared/routes/accounts';
import { queryKeys } from '../../../../lib/query-keys';
import type { AddressInput } from '../../../../../shared/contracts/accounts';

/** POST /api/addresses, then the saved-address list is refreshed. */
export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: AddressInput) => call(accountsRoutes.addAddress, { body: value }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}
