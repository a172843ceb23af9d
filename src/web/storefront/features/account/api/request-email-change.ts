/** /miperfil/datos: asking to change the email (a link goes to the new address). */
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as routes from '../../../../../shared/routes/buyer-account';

/** POST /api/account/email. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: { newEmail: string; currentPassword: string }) => call(routes.requestEmailChange, { body }),
  });
}
