/** /recuperar/token: is the reset link still good? */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../../lib/api-client';
import * as accountsRoutes from '../../../../../shared/routes/accounts';
import { queryKeys } from '../../../../lib/query-keys';
import type { resetCheckResponse } from '../../../../../shared/contracts/accounts';

export type ResetCheck = z.infer<typeof resetCheckResponse>;

/** GET /api/auth/reset/:token: the link's email, or 410 RESET_LINK_EXPIRED. Asked only for a plausible token. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.resetLink(token),
    queryFn: () => call(accountsRoutes.checkPasswordReset, { params: { token }, redirectOn404: false }),
    enabled: token.length >= 10,
    retry: false,
  });
