/** /recuperar: POST /api/auth/recover, the same answer whether or not the account exists. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';
import type { recoverBody } from '../../../../../shared/contracts/accounts';

export type RecoverBody = z.input<typeof recoverBody>;

export function useRecoverPassword() {
  return useMutation({ mutationFn: (body: RecoverBody) => api.post('/api/auth/recover', body) });
}
