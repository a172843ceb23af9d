/**
 * The sign-in submit of both login pages (/login, admin/login): POST /api/auth/login for a customer,
 * POST /api/admin/login for a seller; the session's token is kept under the area's localStorage key (decision 003).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api-client';
import * as accountsRoutes from '../../../shared/routes/accounts';
import { queryKeys } from '../../lib/query-keys';
import { setToken, type Area } from '../../lib/session';
import type { loginBody, SessionResponse } from '../../../shared/contracts/accounts';

export type LoginBody = z.input<typeof loginBody>;

/** Throws ApiError (401 INVALID_CREDENTIALS with the translated "credentials do not match"). */
export function postLogin(area: Area, body: LoginBody): Promise<SessionResponse> {
  return area === 'admin' ? call(accountsRoutes.loginSeller, { body }) : call(accountsRoutes.loginCustomer, { body });
}

/** Returns a function that stores a new session of `area` and makes its user the current user. */
export function useStartSession(area: Area) {
  const qc = useQueryClient();
  return (session: SessionResponse) => {
    setToken(area, session.token);
    qc.setQueryData(queryKeys.currentUser(area), session.user);
  };
}

/** Logs in and starts the session; the page navigates on success. */
export function useSignIn(area: Area) {
  const start = useStartSession(area);
  return useMutation({ mutationFn: (body: LoginBody) => postLogin(area, body), onSuccess: start });
}
