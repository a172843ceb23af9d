/**
 * /admin/domains: the store's domains, adding one, checking its DNS records, activating, primary, removing. Each action
 * is one deliberate click that often follows another within seconds (add, then verify), so it waits for the client
 * throttle instead of failing.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as domainRoutes from '../../../../../shared/routes/domains';

const key = ['admin', 'domains'] as const;

/** GET /api/admin/domains */
export const domainsQuery = () => queryOptions({ queryKey: key, queryFn: () => call(domainRoutes.listDomains) });

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

/** POST /api/admin/domains */
export function useAddDomain() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (hostname: string) => call(domainRoutes.addDomain, { body: { hostname } }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/domains/:id/verify (looks the records up now; takes a few seconds when the DNS is slow). */
export function useVerifyDomain() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(domainRoutes.verifyDomain, { params: { id }, waitForThrottle: true }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/domains/:id/activate */
export function useActivateDomain() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, primary }: { id: string; primary: boolean }) =>
      call(domainRoutes.activateDomain, { params: { id }, body: { primary }, waitForThrottle: true }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/domains/:id/primary */
export function useMakePrimary() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(domainRoutes.makeDomainPrimary, { params: { id }, waitForThrottle: true }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/domains/:id */
export function useRemoveDomain() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(domainRoutes.removeDomain, { params: { id }, waitForThrottle: true }),
    onSuccess: refresh,
  });
}
