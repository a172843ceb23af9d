/** The signed-in seller of the admin (token in localStorage `admin_access_token`). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { getToken, setToken } from '../lib/session';
import type { User } from '../../shared/contracts/accounts';

export function useSeller() {
  return useQuery({
    queryKey: ['user', 'admin'],
    queryFn: async () => (getToken('admin') ? api.get<User>('/api/user').catch(() => null) : null),
    staleTime: 60_000,
  });
}

export function useSellerSignOut() {
  const qc = useQueryClient();
  return async () => {
    await api.post('/api/auth/logout').catch(() => undefined);
    setToken('admin', null);
    qc.clear();
  };
}
