/**
 * The client throttle of SPEC §9. GET requests, and the read-like POST paths listed in
 * THROTTLED_AS_READ (decision 007), may run 3 times per path per 3000 ms window; the 4th is rejected.
 * Any other non-GET request runs only if 3000 ms passed since the last such request, across all paths.
 */
import { THROTTLE_MAX_PER_WINDOW, THROTTLE_MUTATION_GAP_MS, THROTTLE_WINDOW_MS } from '../../shared/limits';

/** POST paths that count per path like GETs (they read, they do not change state). */
export const THROTTLED_AS_READ = ['/api/getVistos', '/api/visto', '/api/reseller/packaging/rate-service', '/api/cart/quote'];

export interface Throttle { allow(method: string, path: string): boolean }

export function createThrottle(now: () => number = () => Date.now()): Throttle {
  const perPath = new Map<string, number[]>();
  let lastMutationAt = -Infinity;
  return {
    allow(method, path) {
      const t = now();
      const isRead = method.toUpperCase() === 'GET' || THROTTLED_AS_READ.includes(path);
      if (isRead) {
        const key = `${method.toUpperCase()} ${path}`;
        const recent = (perPath.get(key) ?? []).filter((at) => t - at < THROTTLE_WINDOW_MS);
        if (recent.length >= THROTTLE_MAX_PER_WINDOW) { perPath.set(key, recent); return false; }
        recent.push(t);
        perPath.set(key, recent);
        return true;
      }
      if (t - lastMutationAt < THROTTLE_MUTATION_GAP_MS) return false;
      lastMutationAt = t;
      return true;
    },
  };
}
