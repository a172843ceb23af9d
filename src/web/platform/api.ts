/** Platform API calls: slug availability and seller sign-up (issue 7). */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client';
import { setToken } from '../lib/session';
import type { SellerSession, SlugCheck, signUpBody } from '../../shared/contracts/identity';

export type SignUpInput = z.input<typeof signUpBody>;

/** GET /api/platform/slug: advisory; the sign-up itself decides under a race (409 SLUG_TAKEN). */
export function useSlugCheck(slug: string) {
  return useQuery({
    queryKey: ['platform', 'slug', slug],
    queryFn: () => api.get<SlugCheck>('/api/platform/slug', { query: { slug }, redirectOn404: false }),
    enabled: slug.length >= 3,
    staleTime: 5_000,
  });
}

/** POST /api/platform/signup; on success the admin session is stored (the page then opens the wizard). */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpInput) => api.post<SellerSession>('/api/platform/signup', body),
    onSuccess: (s) => setToken('admin', s.token),
  });
}
