/**
 * Who is signed in (GET /api/user), per area (decision 003): the storefront customer
 * (localStorage `access_token`) and the admin seller (`admin_access_token`) are separate sessions.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { currentUser } from '../../../shared/routes/accounts-first-load';
import { queryKeys } from '../../lib/query-keys';
import { getToken, type Area } from '../../lib/session';
import type { User } from '../../../shared/contracts/accounts';

/** GET /api/user; null when no token is stored or the token is refused (a 401 there never redirects). */
export function fetchCurrentUser(area: Area): Promise<User | null> {
  return getToken(area) ? call(currentUser).catch(() => null) : Promise.resolve(null);
}

/**
 * In the storefront, a browser with no stored token starts from "nobody" (null) instead of a fetch that would answer
 * the same: a server-rendered page then does not render its header twice more right after hydration. The storefront
 * stores its token only through sign-in, which sets this query (shared/api/sign-in.ts). On the server, and in the
 * admin (whose sign-up and invitation store a token themselves), it is fetched as before.
 */
export const currentUserQuery = (area: Area) =>
  queryOptions({
    queryKey: queryKeys.currentUser(area),
    queryFn: () => fetchCurrentUser(area),
    staleTime: 60_000,
    initialData: () =>
      area === 'storefront' && typeof localStorage !== 'undefined' && !getToken(area) ? null : undefined,
  });

/** The signed-in customer (storefront) or seller (admin), or null. */
export function useCurrentUser(area: Area) {
  return useQuery(currentUserQuery(area));
}
