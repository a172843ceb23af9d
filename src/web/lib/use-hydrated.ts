/**
 * False while the server renders a page and while the browser hydrates it, true after (and at once in a page the
 * browser renders itself). What only the browser knows (the cart in localStorage, recently viewed products) shows
 * once this is true, so the hydrated markup equals the server's (decision 035).
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
