/**
 * The client throttle. GET requests, and the read-like POSTs (`readLike` in the route table, decision 007),
 * may run 3 times per path per 3000 ms window; the 4th is rejected.
 * Any other non-GET request runs only if 3000 ms passed since the last such request, across all paths.
 */
import { THROTTLE_MAX_PER_WINDOW, THROTTLE_MUTATION_GAP_MS, THROTTLE_WINDOW_MS } from '../../shared/limits';

export interface Throttle {
  /** Records and allows the request, or returns false when the throttle refuses it. `readLike`: a POST counted as a read.
   */
  allow(method: string, path: string, readLike?: boolean): boolean;
  /** Milliseconds until `allow` would accept this request (0 when it would now). Records nothing. */
  waitMs(method: string, path: string, readLike?: boolean): number;
}

export function createThrottle(now: () => number = () => Date.now()): Throttle {
  const perPath = new Map<string, number[]>();
  let lastMutationAt = -Infinity;
  const isRead = (method: string, readLike = false) => method.toUpperCase() === 'GET' || readLike;
  return {
    waitMs(method, path, readLike) {
      const t = now();
      if (!isRead(method, readLike)) return Math.max(0, lastMutationAt + THROTTLE_MUTATION_GAP_MS - t);
      const recent = (perPath.get(`${method.toUpperCase()} ${path}`) ?? []).filter((at) => t - at < THROTTLE_WINDOW_MS);
      return recent.length < THROTTLE_MAX_PER_WINDOW
        ? 0
        : recent[recent.length - THROTTLE_MAX_PER_WINDOW] + THROTTLE_WINDOW_MS - t;
    },
    allow(method, path, readLike) {
      const t = now();
      if (isRead(method, readLike)) {
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
