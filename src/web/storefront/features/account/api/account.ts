/**
 * The account pages' calls (SPEC §2 /registro, /recuperar, /recuperar/token, /miperfil/misdirecciones). Signing in and
 * out and the saved-address list are shared with other features (src/web/shared/api/session.ts,
 * src/web/storefront/shared/api/addresses.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useStartSession } from '../../../../shared/api/session';
import type {
  recoverBody,
  registerBody,
  resetBody,
  resetCheckResponse,
  SessionResponse,
} from '../../../../../shared/contracts/accounts';

export type RegisterBody = z.input<typeof registerBody>;
export type RecoverBody = z.input<typeof recoverBody>;
export type ResetBody = z.input<typeof resetBody>;
export type ResetCheck = z.infer<typeof resetCheckResponse>;

/** POST /api/auth/register, then the new customer is signed in. Field refusals (a weak password) come in ApiError.fields. */
export function useRegister() {
  const start = useStartSession('storefront');
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<SessionResponse>('/api/auth/register', body),
    onSuccess: start,
  });
}

/** POST /api/auth/recover: always the same answer, whether or not the account exists. */
export function useRecoverPassword() {
  return useMutation({ mutationFn: (body: RecoverBody) => api.post('/api/auth/recover', body) });
}

/** GET /api/auth/reset/:token: the reset link's email, or 410 RESET_LINK_EXPIRED. Asked only for a plausible token. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.resetLink(token),
    queryFn: () => api.get<ResetCheck>(`/api/auth/reset/${encodeURIComponent(token)}`, { redirectOn404: false }),
    enabled: token.length >= 10,
    retry: false,
  });

/** POST /api/auth/reset. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetBody) => api.post('/api/auth/reset', body) });
}

/** DELETE /api/addresses/:id, then the saved-address list is refreshed. */
export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/addresses/${encodeURIComponent(id)}`, { redirectOn404: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}
