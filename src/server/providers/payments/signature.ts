/**
 * Signed messages in the form of Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>">`. The timestamp is inside the signature, so an old message cannot be replayed with a fresh time;
 * messages older (or newer) than the tolerance are refused. Used for the sandbox's webhooks and operator requests.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Five minutes, as Stripe's default tolerance. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The signature header value for `payload` (the exact bytes sent) at `at`. */
export function signPayload(secret: string, payload: string | Buffer, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const mac = createHmac('sha256', secret).update(`${t}.`).update(payload).digest('hex');
  return `t=${t},v1=${mac}`;
}

/**
 * True when `header` carries a v1 signature of `payload` by `secret` made within the tolerance of `now`. Compares in
 * constant time; any malformed header is simply false.
 */
export function verifySignature(
  secret: string,
  payload: string | Buffer,
  header: string | string[] | undefined,
  now: Date = new Date(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (typeof header !== 'string' || header.length > 1000) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(payload).digest();
  return parts
    .filter(([k, v]) => k === 'v1' && typeof v === 'string' && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v, 'hex'), expected));
}
