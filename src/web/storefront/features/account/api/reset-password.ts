/** /recuperar/token: POST /api/auth/reset sets the new password (the server judges its strength). */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../../lib/api-client';
import * as accountsRoutes from '../../../../../shared/routes/accounts';
import type { resetBody } from '../../../../../shared/contracts/accounts';

export type ResetBody = z.input<typeof resetBody>;

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetBody) => call(accountsRoutes.resetPassword, { body }) });
}
