/** /miperfil/misdirecciones: adding, editing and choosing the default address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as accountsRoutes from '../../../../../shared/routes/accounts';
import * as routes from '../../../../../shared/routes/buyer-account';
import { queryKeys } from '../../../../lib/query-keys';
import type { AddressInput } from '../../../../../shared/contracts/accounts';

/** POST /api/addresses (no id) or PUT /api/addresses/:id, then the list is refreshed. */
export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AddressInput }) =>
      id
        ? call(routes.updateAddress, { params: { id }, body, redirectOn404: false })
        : call(accountsRoutes.addAddress, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}

/** POST /api/addresses/:id/default, then the list is refreshed. */
export function useSetDefaultAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(routes.setDefaultAddress, { params: { id }, redirectOn404: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}
