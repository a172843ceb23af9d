/** The operator area's API calls (decisions 163-166): its own session key (lib/session.ts, area 'operator'). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { getToken, setToken } from '../../lib/session';
import * as r from '../../../shared/routes/operator';

const key = ['operator'] as const;

export function useOperatorMe() {
  return useQuery({
    queryKey: [...key, 'me'],
    queryFn: () => call(r.operatorMe),
    enabled: Boolean(getToken('operator')),
    retry: false,
  });
}

export function useOperatorLogin() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => call(r.operatorLogin, { body }),
    onSuccess: (s) => setToken('operator', s.token),
  });
}

export function useOperatorLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(r.operatorLogout),
    onSettled: () => {
      setToken('operator', null);
      qc.removeQueries({ queryKey: key });
    },
  });
}

export function useOperatorStores(q: string, page: number) {
  return useQuery({
    queryKey: [...key, 'stores', q, page],
    queryFn: () => call(r.operatorStores, { query: { q: q || undefined, page } }),
  });
}

export function useOperatorStore(storeId: string) {
  return useQuery({
    queryKey: [...key, 'store', storeId],
    queryFn: () => call(r.operatorStore, { params: { storeId }, redirectOn404: false }),
  });
}

export function useSuspension(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { suspend: boolean; reason: string }) =>
      call(v.suspend ? r.operatorSuspendStore : r.operatorReactivateStore, {
        params: { storeId },
        body: { reason: v.reason },
        waitForThrottle: true,
      }),
    onSuccess: (detail) => {
      qc.setQueryData([...key, 'store', storeId], detail);
      void qc.invalidateQueries({ queryKey: [...key, 'stores'] });
    },
  });
}

export function useBadgeRequests(status: 'pending' | 'accepted' | 'rejected' | 'all') {
  return useQuery({
    queryKey: [...key, 'badges', status],
    queryFn: () => call(r.operatorBadgeRequests, { query: { status } }),
  });
}

export function useBadgeRequest(id: string) {
  return useQuery({
    queryKey: [...key, 'badge', id],
    queryFn: () => call(r.operatorBadgeRequest, { params: { id }, redirectOn404: false }),
  });
}

/** A document of a badge request as an object URL (fetched with the operator's token; private to the store). */
export function useBadgeDocument(id: string, index: number) {
  return useQuery({
    queryKey: [...key, 'badge', id, 'doc', index],
    queryFn: async () => {
      const res = await fetch(`/api/operador/badge-requests/${id}/documents/${index}`, {
        headers: { Authorization: `Bearer ${getToken('operator') ?? ''}` },
      });
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.blob();
      return { url: URL.createObjectURL(blob), pdf: blob.type === 'application/pdf' };
    },
    staleTime: Infinity,
  });
}

export function useDecideBadge(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: 'accept' } | { decision: 'reject'; reason: string }) =>
      call(r.operatorDecideBadge, { params: { id }, body, waitForThrottle: true }),
    onSuccess: (req) => {
      qc.setQueryData([...key, 'badge', id], req);
      void qc.invalidateQueries({ queryKey: [...key, 'badges'] });
    },
  });
}

export function useFeeRates() {
  return useQuery({ queryKey: [...key, 'fees'], queryFn: () => call(r.operatorFeeRates) });
}

export function useSetFeeRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { planId: string; bps: number }) => call(r.operatorSetFeeRate, { body, waitForThrottle: true }),
    onSuccess: (rates) => qc.setQueryData([...key, 'fees'], rates),
  });
}

export function useEscalatedReports() {
  return useQuery({ queryKey: [...key, 'reports'], queryFn: () => call(r.operatorReports) });
}

export function useAudit(page: number) {
  return useQuery({ queryKey: [...key, 'audit', page], queryFn: () => call(r.operatorAudit, { query: { page } }) });
}
