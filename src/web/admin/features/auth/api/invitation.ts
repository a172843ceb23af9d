/** A collaborator invitation as its invitee opens it (GET/POST /api/platform/invitations/:token). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { setToken } from '../../../../lib/session';
import type { InvitationInfo, SellerSession } from '../../../../../shared/contracts/identity';

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      api.get<InvitationInfo>(`/api/platform/invitations/${encodeURIComponent(token)}`, { redirectOn404: false }),
    retry: false,
  });
}

/** Accepts: with the existing account's password, or the new account's name and password. Stores the session. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: { fullName?: string; password: string }) =>
      api.post<SellerSession>(`/api/platform/invitations/${encodeURIComponent(token)}/accept`, body),
    onSuccess: (s) => setToken('admin', s.token),
  });
}
