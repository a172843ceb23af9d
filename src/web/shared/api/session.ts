/**
 * Who is signed in, signing in and signing out, for both areas (SPEC §4 "Session", §6; decision 003): the storefront
 * customer (localStorage `access_token`) and the admin seller (`admin_access_token`). The one place the web app calls
 * /api/user, /api/auth/login, /api/admin/login and /api/auth/logout.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { getToken, setToken, type Area } from '../../lib/session';
import type { loginBody, SessionResponse, User } from '../../../shared/contracts/accounts';

export type LoginBody = z.input<typeof loginBody>;

/** GET /api/user; null when no token is stored or the token is refused (a 401 there never redirects, SPEC §6). */
export function fetchCurrentUser(area: Area): Promise<User | null> {
  return getToken(area) ? api.get<User>('/api/user').catch(() => null) : Promise.resolve(null);
}

export const currentUserQuery = (area: Area) =>
  queryOptions({ queryKey: queryKeys.currentUser(area), queryFn: () => fetchCurrentUser(area), staleTime: 60_000 });

/** The signed-in customer (storefront) or seller (admin), or null. */
export function useCurrentUser(area: Area) {
  return useQuery(currentUserQuery(area));
}

/** POST /api/auth/login (customer) or POST /api/admin/login (seller). Throws ApiError (401 INVALID_CREDENTIALS). */
export function postLogin(area: Area, body: LoginBody): Promise<SessionResponse> {
  return api.post<SessionResponse>(area === 'admin' ? '/api/admin/login' : '/api/auth/login', body);
}

/** Returns a function that stores a new session of `area` and makes it the current user. */
export function useStartSession(area: Area) {
  const qc = useQueryClient();
  return (session: SessionResponse) => {
    setToken(area, session.token);
    qc.setQueryData(queryKeys.currentUser(area), session.user);
  };
}

/** The sign-in submit of both login pages: logs in and starts the session; the caller navigates on success. */
export function useSignIn(area: Area) {
  const start = useStartSession(area);
  return useMutation({ mutationFn: (body: LoginBody) => postLogin(area, body), onSuccess: start });
}

/**
 * Ends the session on the server (its failure is ignored: the token is dropped here anyway) and forgets the user. The
 * storefront drops the buyer's cached orders; the admin drops every cached query (a seller's data must not outlive the session).
 */
export function useSignOut(area: Area) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout').catch(() => undefined),
    onSettled: () => {
      setToken(area, null);
      if (area === 'admin') qc.clear();
      else {
        qc.setQueryData(queryKeys.currentUser(area), null);
        qc.removeQueries({ queryKey: queryKeys.orders.all() });
      }
    },
  });
}
