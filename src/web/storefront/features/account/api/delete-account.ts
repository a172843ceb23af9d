/** /miperfil/datos: deleting the account. */
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as routes from '../../../../../shared/routes/buyer-account';

/** POST /api/account/delete with the password; the caller signs out locally afterwards. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (currentPassword: string) => call(routes.deleteAccount, { body: { currentPassword } }),
  });
}
