/** /admin/colaboradores (owner only): members, pending invitations, invite, change permissions, revoke. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as accountsRoutes from '../../../../../shared/routes/accounts';
import type { InviteBody, Permission } from '../../../../../shared/contracts/identity';

const key = ['admin', 'collaborators'] as const;

/** GET /api/admin/collaborators */
export const collaboratorsQuery = () =>
  queryOptions({ queryKey: key, queryFn: () => call(accountsRoutes.listCollaborators) });

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

/** POST /api/admin/collaborators/invitations (mails the link). */
export function useInvite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InviteBody) => call(accountsRoutes.inviteCollaborator, { body }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/collaborators/invitations/:id */
export function useCancelInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(accountsRoutes.revokeInvitation, { params: { id } }),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/collaborators/:userId */
export function useSetPermissions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, permissions }: { userId: string; permissions: Permission[] }) =>
      call(accountsRoutes.setCollaboratorPermissions, { params: { userId }, body: { permissions } }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/collaborators/:userId */
export function useRemoveCollaborator() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) => call(accountsRoutes.removeCollaborator, { params: { userId } }),
    onSuccess: refresh,
  });
}
