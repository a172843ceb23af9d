/**
 * One page view per route the storefront shows (decision 161): the first page (server-rendered or not) and each
 * client-side navigation send POST /api/visitas once their store is known to be open. Best effort: a failure or the
 * client throttle's refusal is ignored. The server decides what is counted (bots, DNT / GPC; decision 162).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { call } from '../../lib/api-client';
import { recordPageView } from '../../../shared/routes/analytics';

export function usePageView(enabled: boolean): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    call(recordPageView, { redirectOn404: false }).catch(() => undefined);
  }, [enabled, pathname, search]);
}
