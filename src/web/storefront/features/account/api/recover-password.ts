/** /recuperar: POST /api/auth/recover, the same answer whether or not the account exists. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../../lib/api-client';
import * as accountsRoutes from '../../../../../shared/routes/accounts';
import type { recoverBody } from '../../../../../shared/contracts/accounts';

export type RecoverBody = z.input<typeof recoverBody>;

export function useRecoverPassword() {
  return useMutation({ mutationFn: (body: RecoverBody) => call(accountsRoutes.recoverPassword, { body }) });
}
