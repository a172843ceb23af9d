/**
 * The client throttle of SPEC §9. GET requests, and the read-like POST paths listed in
 * THROTTLED_AS_READ (decision 007), may run 3 times per path per 3000 ms window; the 4th is rejected.
 * Any other non-GET request runs only if 3000 ms passed since the last such request, across all paths.
 */
import { THROTTLE_MAX_PER_WINDOW, THROTTLE_MUTATION_GAP_MS, THROTTLE_WINDOW_MS } from '../../shared/limits';
import { recentlyViewed, recordProductView } from '../../shared/routes/analytics';
import { checkCoupon, quoteCart } from '../../shared/routes/checkout';
import { quoteShipping } from '../../shared/routes/shipping';

/** POST paths that count per path like GETs (they read, they do not change state). */
export const THROTTLED_AS_READ: string[] = [
  recentlyViewed,
  recordProductView,
  quoteShipping,
  quoteCart,
  checkCoupon,
].map((r) => r.path);

export interface Throttle {
  /** Records and allows the request, or returns false when SPEC §9 rejects it. */
  allow(method: string, path: string): boolean;
  /** Milliseconds until `allow` would accept this request (0 when it would now). Records nothing. */
  waitMs(method: string, path: string): number;
}

export function createThrottle(now: () => number = () => Date.now()): Throttle {
  const perPath = new Map<string, number[]>();
  let lastMutationAt = -Infinity;
  const isRead = (method: string, path: string) => method.toUpperCase() === 'GET' || THROTTLED_AS_READ.includes(path);
  return {
    waitMs(method, path) {
      const t = now();
      if (!isRead(method, path)) return Math.max(0, lastMutationAt + THROTTLE_MUTATION_GAP_MS - t);
      const recent = (perPath.get(`${method.toUpperCase()} ${path}`) ?? []).filter((at) => t - at < THROTTLE_WINDOW_MS);
      return recent.length < THROTTLE_MAX_PER_WINDOW
        ? 0
        : recent[recent.length - THROTTLE_MAX_PER_WINDOW] + THROTTLE_WINDOW_MS - t;
    },
    allow(method, path) {
      const t = now();
      if (isRead(method, path)) {
        const key = `${method.toUpperCase()} ${path}`;
        const recent = (perPath.get(key) ?? []).filter((at) => t - at < THROTTLE_WINDOW_MS);
        if (recent.length >= THROTTLE_MAX_PER_WINDOW) {
          perPath.set(key, recent);
          return false;
        }
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
