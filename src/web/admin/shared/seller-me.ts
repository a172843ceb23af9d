/**
 * The signed-in seller, the session's store and their permissions (GET /api/admin/me), and choosing the
 * session's store (POST /api/admin/session/store).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import * as accountsRoutes from '../../../shared/routes/accounts';
import { getToken } from '../../lib/session';
import type { Permission, SellerMe } from '../../../shared/contracts/identity';

export const sellerMeKey = ['admin', 'me'] as const;

/** GET /api/admin/me; null without a stored admin token. */
export const sellerMeQuery = () =>
  queryOptions({
    queryKey: sellerMeKey,
    queryFn: () => (getToken('admin') ? call(accountsRoutes.sellerMe) : Promise.resolve(null)),
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

/**
 * The admin pages a person lands on, in the order tried: the dashboard needs the orders permission, so a
 * collaborator without it starts at the first page their permissions allow. Each path with the permission it needs.
 */
export const LANDING_PAGES: { path: string; permission: Permission }[] = [
  { path: '/admin', permission: 'orders' },
  { path: '/admin/catalogo', permission: 'catalog' },
  { path: '/admin/balance/summary', permission: 'money' },
  { path: '/admin/mi-tienda', permission: 'settings' },
];

/** The first admin page `me` may use ('/admin' for an owner), or null when no permission allows any. */
export function landingPath(me: SellerMe | null | undefined): string | null {
  return LANDING_PAGES.find((p) => can(me, p.permission))?.path ?? null;
}

/** POST /api/admin/session/store: every cached admin query belonged to the previous store, so all are dropped. */
export function useChooseStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) => call(accountsRoutes.chooseStore, { body: { storeId } }),
    onSuccess: (me) => {
      qc.removeQueries({ queryKey: ['admin'] });
      qc.setQueryData(sellerMeKey, me);
    },
  });
}
