/** The signed-in storefront customer (GET /api/user; a 401 there means "anonymous" and never redirects, SPEC §6). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { getToken, setToken } from '../lib/session';
import type { SessionResponse, User } from '../../shared/contracts/accounts';

export function useCustomer() {
  return useQuery({
    queryKey: ['user', 'storefront'],
    queryFn: async () => (getToken('storefront') ? api.get<User>('/api/user').catch(() => null) : null),
    staleTime: 60_000,
  });
}

/** Stores a new session and refreshes the user. */
export function useSignIn() {
  const qc = useQueryClient();
  return (session: SessionResponse) => {
    setToken('storefront', session.token);
    qc.setQueryData(['user', 'storefront'], session.user);
  };
}

/** Ends the session on the server and here. */
export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    await api.post('/api/auth/logout').catch(() => undefined);
    setToken('storefront', null);
    qc.setQueryData(['user', 'storefront'], null);
    qc.removeQueries({ queryKey: ['orders'] });
  };
}
