/**
 * The signed-in seller, the session's store and their permissions (GET /api/admin/me, issue 7), and choosing the
 * session's store (POST /api/admin/session/store).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import type { Permission, SellerMe } from '../../../shared/contracts/identity';

export const sellerMeKey = ['admin', 'me'] as const;

/** GET /api/admin/me; null without a stored admin token. */
export const sellerMeQuery = () =>
  queryOptions({
    queryKey: sellerMeKey,
    queryFn: () => (getToken('admin') ? api.get<SellerMe>('/api/admin/me') : Promise.resolve(null)),
    staleTime: 30_000,
  });

export function useSellerMe() {
  return useQuery(sellerMeQuery());
}

/** Whether the seller may use a section needing `permission` ('owner': only the store's owner). */
export function can(me: SellerMe | null | undefined, permission: Permission | 'owner' | undefined): boolean {
  if (!permission) return true;
  if (!me?.store) return false;
  if (permission === 'owner') return me.store.role === 'owner';
  return me.store.permissions.includes(permission);
}

/** POST /api/admin/session/store: every cached admin query belonged to the previous store, so all are dropped. */
export function useChooseStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) => api.post<SellerMe>('/api/admin/session/store', { storeId }),
    onSuccess: (me) => {
      qc.removeQueries({ queryKey: ['admin'] });
      qc.setQueryData(sellerMeKey, me);
    },
  });
}
