/** The email-change link (/miperfil/datos?correo=…): applies the new email. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as routes from '../../../../../shared/routes/buyer-account';
import { queryKeys } from '../../../../lib/query-keys';

/** POST /api/account/email/confirm; the signed-in user (if any) is read again. */
export function useConfirmEmailChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(routes.confirmEmailChange, { body: { token }, redirectOn404: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.currentUser('storefront') }),
  });
}
