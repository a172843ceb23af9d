/** A collaborator invitation as its invitee opens it (GET/POST /api/platform/invitations/:token). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as accountsRoutes from '../../../../../shared/routes/accounts';
import { setToken } from '../../../../lib/session';

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => call(accountsRoutes.getInvitation, { params: { token }, redirectOn404: false }),
    retry: false,
  });
}

/** Accepts: with the existing account's password, or the new account's name and password. Stores the session. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: { fullName?: string; password: string }) =>
      call(accountsRoutes.acceptInvitation, { params: { token }, body }),
    onSuccess: (s) => setToken('admin', s.token),
  });
}
