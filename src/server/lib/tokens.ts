/** Opaque random tokens and their SHA-256 digests (32 random bytes, stored hashed). */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares a presented token with a stored one in constant time. */
export function sameToken(presented: string, stored: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return token || null;
}
