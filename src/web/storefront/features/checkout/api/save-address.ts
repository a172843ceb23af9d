/** /micarrito/direccion: a signed-in customer's new address is saved. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { Address, AddressInput } from '../../../../../shared/contracts/accounts';

/** POST /api/addresses, then the saved-address list is refreshed. */
export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: AddressInput) => api.post<Address>('/api/addresses', value),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}
