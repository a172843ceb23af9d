/** /miperfil/datos: the buyer's name and phone. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as routes from '../../../../../shared/routes/buyer-account';
import { queryKeys } from '../../../../lib/query-keys';
import type { ProfileBody } from '../../../../../shared/contracts/buyer-account';

/** PATCH /api/account/profile; the signed-in user is replaced by the answer. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => call(routes.updateProfile, { body }),
    onSuccess: (user) => qc.setQueryData(queryKeys.currentUser('storefront'), user),
  });
}
