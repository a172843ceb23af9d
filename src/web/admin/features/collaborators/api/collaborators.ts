/** /admin/colaboradores (owner only): members, pending invitations, invite, change permissions, revoke. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type {
  CollaboratorsView,
  InviteBody,
  Member,
  PendingInvitation,
  Permission,
} from '../../../../../shared/contracts/identity';

const key = ['admin', 'collaborators'] as const;

/** GET /api/admin/collaborators */
export const collaboratorsQuery = () =>
  queryOptions({ queryKey: key, queryFn: () => api.get<CollaboratorsView>('/api/admin/collaborators') });

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

/** POST /api/admin/collaborators/invitations (mails the link). */
export function useInvite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InviteBody) => api.post<PendingInvitation>('/api/admin/collaborators/invitations', body),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/collaborators/invitations/:id */
export function useCancelInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/collaborators/invitations/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/collaborators/:userId */
export function useSetPermissions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, permissions }: { userId: string; permissions: Permission[] }) =>
      api.patch<Member>(`/api/admin/collaborators/${encodeURIComponent(userId)}`, { permissions }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/collaborators/:userId */
export function useRemoveCollaborator() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/api/admin/collaborators/${encodeURIComponent(userId)}`),
    onSuccess: refresh,
  });
}
