/** /miperfil/datos: changing the password while signed in. */
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as routes from '../../../../../shared/routes/buyer-account';
import type { PasswordChangeBody } from '../../../../../shared/contracts/buyer-account';

/** POST /api/account/password (every other session of the buyer is signed out). */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: PasswordChangeBody) => call(routes.changePassword, { body }) });
}
