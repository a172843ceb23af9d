/** Signing out of either area (POST /api/auth/logout). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import * as accountsRoutes from '../../../shared/routes/accounts';
import { queryKeys } from '../../lib/query-keys';
import { setToken, type Area } from '../../lib/session';

/**
 * Ends the session on the server (its failure is ignored: the token is dropped here anyway) and forgets the user. The
 * storefront drops the buyer's cached orders; the admin drops every cached query (a seller's data must not outlive the
 * session).
 */
export function useSignOut(area: Area) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountsRoutes.logout).catch(() => undefined),
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
