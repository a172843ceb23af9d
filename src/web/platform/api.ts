/** Platform API calls: slug availability, seller sign-up and the email-verification link (decision 100). */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../lib/api-client';
import * as accountsRoutes from '../../shared/routes/accounts';
import { setToken } from '../lib/session';
import type { signUpBody } from '../../shared/contracts/identity';

export type SignUpInput = z.input<typeof signUpBody>;

/** GET /api/platform/slug: advisory; the sign-up itself decides under a race (409 SLUG_TAKEN). */
export function useSlugCheck(slug: string) {
  return useQuery({
    queryKey: ['platform', 'slug', slug],
    queryFn: () => call(accountsRoutes.checkSlug, { query: { slug }, redirectOn404: false }),
    enabled: slug.length >= 3,
    staleTime: 5_000,
  });
}

/**
 * POST /api/platform/signup: answers "check your email" whether the email was new or already had an account
 * (decision 100); nobody is signed in by it.
 */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpInput) => call(accountsRoutes.signUpSeller, { body }),
  });
}

/** POST /api/platform/email-verification: verifies the email, publishes the store, and stores the admin session. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => call(accountsRoutes.verifyEmail, { body: { token }, redirectOn404: false }),
    onSuccess: (s) => setToken('admin', s.token),
  });
}
