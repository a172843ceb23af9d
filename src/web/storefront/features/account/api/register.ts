/** /registro: POST /api/auth/register, then the new customer is signed in. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../../lib/api-client';
import * as accountsRoutes from '../../../../../shared/routes/accounts';
import { useStartSession } from '../../../../shared/api/sign-in';
import type { registerBody } from '../../../../../shared/contracts/accounts';

export type RegisterBody = z.input<typeof registerBody>;

/** Field refusals (a weak or breached password) come in ApiError.fields. */
export function useRegister() {
  const start = useStartSession('storefront');
  return useMutation({
    mutationFn: (body: RegisterBody) => call(accountsRoutes.registerCustomer, { body }),
    onSuccess: start,
  });
}
