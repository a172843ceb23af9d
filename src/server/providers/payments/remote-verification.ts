/**
 * Bounds on webhook verifications that call the provider (PayPal's verify-webhook-signature; decision 109). Anyone can
 * post a notice with well-formed transmission headers, and only the provider can tell whether it is genuine, so each
 * forged notice would cost one outbound request. Per process:
 *   - a transmission already verified (same headers, same body) is answered from memory, and one being verified is
 *     shared by every copy that arrives meanwhile, so a replay or a retry asks once;
 *   - a transmission the provider refused is refused again from memory;
 *   - at most `failuresPerMinute` verifications may fail in a minute; beyond it an unknown transmission is refused
 *     with RATE_LIMITED (429, Retry-After) without a call, and the provider delivers the genuine ones again later;
 *   - at most `concurrency` calls run at once and `maxWaiting` wait; beyond it SERVER_BUSY (503, Retry-After).
 * The per-source limit is the webhook route's (WEBHOOK_FAILURES_PER_MINUTE).
 */
import pLimit from 'p-limit';
import { AppError } from '../../lib/app-error.js';

const WINDOW_MS = 60_000;
/** How long an answer is remembered. A provider retries a delivery for days, with a new transmission each time. */
const REMEMBER_MS = 60 * 60_000;

export interface RemoteVerificationBounds {
  failuresPerMinute: number;
  concurrency?: number;
  maxWaiting?: number;
  /** Transmissions remembered (oldest forgotten first). */
  remember?: number;
}

export interface RemoteVerifications {
  /**
   * Whether the transmission `key` (a digest of its headers and body) is genuine, asking `call` only when it is not
   * known. Throws RATE_LIMITED or SERVER_BUSY (with params.retryAfter, seconds) instead of calling; lets `call`'s own
   * errors through (nothing is remembered then).
   */
  verify(key: string, call: () => Promise<boolean>): Promise<boolean>;
}

export function createRemoteVerifications(bounds: RemoteVerificationBounds): RemoteVerifications {
  const limit = pLimit(bounds.concurrency ?? 4);
  const maxWaiting = bounds.maxWaiting ?? 16;
  const capacity = bounds.remember ?? 10_000;
  const known = new Map<string, { genuine: boolean; at: number }>();
  const pending = new Map<string, Promise<boolean>>();
  let failures: number[] = [];

  const remember = (key: string, genuine: boolean) => {
    known.delete(key);
    known.set(key, { genuine, at: Date.now() });
    if (known.size > capacity) known.delete(known.keys().next().value!);
  };

  return {
    verify(key, call) {
      const seen = known.get(key);
      if (seen && Date.now() - seen.at < REMEMBER_MS) return Promise.resolve(seen.genuine);
      const running = pending.get(key);
      if (running) return running;
      const now = Date.now();
      failures = failures.filter((at) => now - at < WINDOW_MS);
      if (failures.length >= bounds.failuresPerMinute) {
        const retryAfter = Math.max(1, Math.ceil((failures[0]! + WINDOW_MS - now) / 1000));
        return Promise.reject(new AppError('RATE_LIMITED', { retryAfter }));
      }
      if (limit.activeCount + limit.pendingCount >= limit.concurrency + maxWaiting)
        return Promise.reject(new AppError('SERVER_BUSY', { retryAfter: 5 }));
      const promise = limit(call)
        .then((genuine) => {
          remember(key, genuine);
          if (!genuine) failures.push(Date.now());
          return genuine;
        })
        .finally(() => pending.delete(key));
      pending.set(key, promise);
      return promise;
    },
  };
}
